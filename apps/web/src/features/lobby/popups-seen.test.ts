import type { Popup } from '@playhouse/contract/content';
import { describe, expect, it } from 'vitest';
import { GUEST, markPopupsSeen, shouldShowPopups } from './popups-seen.ts';

const popup = (id: number, content = '<p>Hello</p>'): Popup => ({
  id,
  type: 'PU',
  title: `Popup ${id}`,
  content,
  preview: '',
  startDate: 0,
  endDate: null,
  read: true,
  imageUrl: null,
  width: 0,
  height: 0,
  sequence: id,
});

describe('login popups seen', () => {
  it('shows a set once per member, not at every sign-in', () => {
    const popups = [popup(1), popup(2)];
    expect(shouldShowPopups({}, 'maria', popups)).toBe(true);
    const seen = markPopupsSeen({}, 'maria', popups);
    expect(shouldShowPopups(seen, 'maria', popups)).toBe(false);
    expect(shouldShowPopups(seen, 'MARIA', popups)).toBe(false);
    // Another member on the same phone, or a guest, has not seen them.
    expect(shouldShowPopups(seen, 'jose', popups)).toBe(true);
    expect(shouldShowPopups(seen, GUEST, popups)).toBe(true);
  });

  it('shows them again, once, when the operator adds or edits one', () => {
    const seen = markPopupsSeen({}, 'maria', [popup(1)]);
    expect(shouldShowPopups(seen, 'maria', [popup(1), popup(3)])).toBe(true);
    expect(shouldShowPopups(seen, 'maria', [popup(1, '<p>New terms</p>')])).toBe(true);
    expect(shouldShowPopups(seen, 'maria', [])).toBe(false);
  });

  it('keeps a bounded record', () => {
    let seen = {};
    for (let i = 0; i < 50; i++) seen = markPopupsSeen(seen, `member${i}`, [popup(1)]);
    expect(Object.keys(seen)).toHaveLength(20);
    expect(shouldShowPopups(seen, 'member49', [popup(1)])).toBe(false);
    expect(shouldShowPopups(seen, 'member0', [popup(1)])).toBe(true);
  });
});
