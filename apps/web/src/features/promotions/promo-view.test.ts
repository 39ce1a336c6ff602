import { describe, expect, it } from 'vitest';
import { canApply, categoryTabs, inCategory, promoPeriod, stateTone } from './promo-view.ts';

describe('promotion view rules', () => {
  it("shows 'long term' when noExpiry is 1, else the date range", () => {
    const start = new Date(2026, 10, 27, 12).getTime();
    const end = new Date(2026, 11, 31, 12).getTime();
    expect(promoPeriod({ startDate: start, endDate: null, noExpiry: 1 })).toEqual({
      longTerm: true,
      start: '2026-11-27',
    });
    expect(promoPeriod({ startDate: start, endDate: end, noExpiry: 0 })).toEqual({
      longTerm: false,
      start: '2026-11-27',
      end: '2026-12-31',
    });
  });

  it('offers "all" and only the categories that hold a promotion', () => {
    const list = [{ promoAnnouncementCategoryIds: [3] }, { promoAnnouncementCategoryIds: [1] }];
    expect(categoryTabs(list).map((t) => t.key)).toEqual(['all', 'welcome', 'free']);
    expect(inCategory(list[0]!, 0)).toBe(true);
    expect(inCategory(list[0]!, 1)).toBe(false);
  });

  it('lets only join act and colours the rest', () => {
    expect(canApply('join')).toBe(true);
    expect(canApply('applying')).toBe(false);
    expect(stateTone('claimed')).toBe('ok');
    expect(stateTone('rejected')).toBe('bad');
    expect(stateTone('comingSoon')).toBe('muted');
  });
});
