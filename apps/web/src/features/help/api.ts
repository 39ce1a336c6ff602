import { useQuery } from '@tanstack/react-query';
import type { HelpCenter, HelpItem } from '@playhouse/contract/help';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../lib/api.ts';

export type { HelpCenter, HelpItem };

/** The help centre in the page language (spec §7: device=MOBILE and lang). */
export function useHelpCenter() {
  const { i18n } = useTranslation();
  const lang = i18n.language || 'EN';
  return useQuery({
    queryKey: ['help', lang],
    queryFn: () =>
      apiFetch<HelpCenter>(`/wps/system/helpCenter?device=MOBILE&lang=${encodeURIComponent(lang)}`),
    staleTime: 60_000,
  });
}

export interface HelpTab {
  tag: string;
  title: string;
  items: HelpItem[];
}

/** Items grouped into tabs by tag, tabs in the order of their first item. */
export function helpTabs(items: readonly HelpItem[]): HelpTab[] {
  const tabs: HelpTab[] = [];
  for (const item of items) {
    let tab = tabs.find((t) => t.tag === item.tag);
    if (!tab) {
      tab = { tag: item.tag, title: item.tabTitle, items: [] };
      tabs.push(tab);
    }
    tab.items.push(item);
  }
  return tabs;
}

/**
 * Which tab and item an address names (spec §2): a tab by `tag`, or by index `i`; an item of it by
 * index `c`. Anything unknown falls back to the first tab and no item.
 */
export function pickHelp(
  tabs: readonly HelpTab[],
  params: URLSearchParams,
): { tab: number; item: number | undefined } {
  const index = (value: string | null, size: number) => {
    if (value === null || !/^\d+$/.test(value)) return undefined;
    const n = Number(value);
    return n < size ? n : undefined;
  };
  const tag = params.get('tag');
  let tab = tag ? tabs.findIndex((t) => t.tag === tag.toLowerCase()) : -1;
  if (tab < 0) tab = index(params.get('i'), tabs.length) ?? 0;
  const chosen = tabs[tab];
  const item = chosen ? index(params.get('c'), chosen.items.length) : undefined;
  return { tab, item };
}
