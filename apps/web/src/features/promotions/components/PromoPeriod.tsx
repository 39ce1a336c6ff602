import type { PromotionCard } from '@playhouse/contract/promotions';
import { useTranslation } from 'react-i18next';
import { promoPeriod } from '../promo-view.ts';

/** The date range, or "long term" when the promotion has no end (noExpiry 1). */
export function PromoPeriod({ promo }: { promo: PromotionCard }) {
  const { t } = useTranslation('promo');
  const period = promoPeriod(promo);
  return (
    <p className="promo-period">
      {period.longTerm ? (
        t('detail.longTerm')
      ) : (
        <>
          <time dateTime={period.start}>{period.start}</time>
          {' – '}
          <time dateTime={period.end}>{period.end}</time>
        </>
      )}
    </p>
  );
}
