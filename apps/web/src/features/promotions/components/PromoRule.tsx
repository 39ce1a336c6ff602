import type { PromotionCard } from '@playhouse/contract/promotions';
import { useTranslation } from 'react-i18next';
import { displayMoneyOf } from '../promo-money.ts';

/** What the bonus is, in one or two lines: the rule, the turnover multiple and who issues it. */
export function PromoRule({ promo }: { promo: PromotionCard }) {
  const { t } = useTranslation('promo');
  const money = (v: string) => displayMoneyOf(v, promo.currency);
  const rule =
    promo.kind === 'FREE_MONEY'
      ? t('rule.freeMoney', { amount: money(promo.maxAmount) })
      : t(promo.kind === 'FIRST_DEPOSIT' ? 'rule.firstDeposit' : 'rule.deposit', {
          percent: promo.percent,
          min: money(promo.minDeposit),
          max: money(promo.maxAmount),
        });
  return (
    <ul className="promo-rule">
      <li>{rule}</li>
      <li>{t('rule.turnover', { multiple: promo.turnoverMultiple })}</li>
      <li>{t(promo.issuance === 'AUTO' ? 'rule.auto' : 'rule.manual')}</li>
    </ul>
  );
}
