import type { PromotionCard, PromotionState } from '@playhouse/contract/promotions';
import { PROMOTION_CATEGORIES } from '@playhouse/contract/promotions';

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as YYYY-MM-DD in the viewer's time zone (the spec's date format). */
export function promoDate(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The promotion's period: "long term" when noExpiry is 1, else its start and end dates. */
export function promoPeriod(
  p: Pick<PromotionCard, 'startDate' | 'endDate' | 'noExpiry'>,
): { longTerm: true; start: string } | { longTerm: false; start: string; end: string } {
  if (p.noExpiry === 1 || p.endDate === null) return { longTerm: true, start: promoDate(p.startDate) };
  return { longTerm: false, start: promoDate(p.startDate), end: promoDate(p.endDate) };
}

/** The category tabs to show: "all" first, then only categories that hold a promotion, in order. */
export function categoryTabs(list: readonly Pick<PromotionCard, 'promoAnnouncementCategoryIds'>[]) {
  const used = new Set(list.flatMap((p) => p.promoAnnouncementCategoryIds));
  return [
    { id: 0, key: 'all' },
    ...PROMOTION_CATEGORIES.filter((c) => used.has(c.id)).map((c) => ({ id: c.id, key: c.key })),
  ];
}

export function inCategory(p: Pick<PromotionCard, 'promoAnnouncementCategoryIds'>, categoryId: number) {
  return categoryId === 0 || p.promoAnnouncementCategoryIds.includes(categoryId);
}

/** Only `join` is a button that does something; every other state is a label. */
export const canApply = (state: PromotionState) => state === 'join';

/** The tone of a state's label. */
export function stateTone(state: PromotionState): 'ok' | 'wait' | 'bad' | 'muted' | 'go' {
  switch (state) {
    case 'join':
      return 'go';
    case 'issued':
    case 'claimed':
      return 'ok';
    case 'signed':
    case 'applying':
      return 'wait';
    case 'rejected':
      return 'bad';
    default:
      return 'muted';
  }
}
