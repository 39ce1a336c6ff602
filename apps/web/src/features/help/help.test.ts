import { describe, expect, it } from 'vitest';
import { helpTabs, pickHelp, type HelpItem } from './api.ts';

const item = (id: number, tag: string, tabTitle = tag): HelpItem => ({
  id,
  tag,
  tabTitle,
  title: `t${id}`,
  content: '<p>x</p>',
});
const items = [item(1, 'deposit'), item(2, 'withdraw'), item(3, 'deposit'), item(4, 'security')];

describe('help centre tabs', () => {
  it('groups topics into tabs by tag, in the order of their first topic', () => {
    const tabs = helpTabs(items);
    expect(tabs.map((t) => t.tag)).toEqual(['deposit', 'withdraw', 'security']);
    expect(tabs[0]!.items.map((i) => i.id)).toEqual([1, 3]);
  });

  it('selects a tab by tag or index i, and a topic by index c (spec §2)', () => {
    const tabs = helpTabs(items);
    const pick = (q: string) => pickHelp(tabs, new URLSearchParams(q));
    expect(pick('tag=withdraw')).toEqual({ tab: 1, item: undefined });
    expect(pick('tag=DEPOSIT&c=1')).toEqual({ tab: 0, item: 1 });
    expect(pick('i=2')).toEqual({ tab: 2, item: undefined });
    expect(pick('i=1&c=0')).toEqual({ tab: 1, item: 0 });
    // Unknown or out-of-range values fall back to the first tab and no topic.
    expect(pick('tag=nope&c=9')).toEqual({ tab: 0, item: undefined });
    expect(pick('i=7')).toEqual({ tab: 0, item: undefined });
    expect(pick('i=-1&c=x')).toEqual({ tab: 0, item: undefined });
  });
});
