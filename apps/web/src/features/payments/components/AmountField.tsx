import { useTranslation } from 'react-i18next';
import { FormField, invalidProps } from '../../../components/form/FormField.tsx';
import {
  amountText,
  cleanAmountInput,
  displayMoney,
  quickAmounts,
  type AmountProblem,
} from '../payment-rules.ts';

/**
 * The amount of a deposit or withdrawal: the field with the currency symbol, the limits under it and
 * round amounts to tap. Limits are minor units; `problem` is what payment-rules found wrong.
 */
export function AmountField({
  id,
  value,
  onChange,
  min,
  max,
  symbol,
  problem,
  extra,
  quick = true,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  min: number;
  max: number;
  symbol: string;
  problem: AmountProblem | undefined;
  /** Another button beside the quick amounts (withdraw: all of it). */
  extra?: { label: string; amount: number } | undefined;
  quick?: boolean;
}) {
  const { t } = useTranslation('pay');
  const limits = {
    min: displayMoney(min / 100, symbol),
    max: displayMoney(max / 100, symbol),
  };
  const errors = problem ? [t(`amount.problem.${problem}`, limits)] : undefined;
  const amounts = quick ? quickAmounts(min, max) : [];
  return (
    <div className="pay-amount">
      <FormField id={id} label={t('amount.label')} required errors={errors}>
        <span className="pay-currency" aria-hidden="true">
          {symbol}
        </span>
        <input
          id={id}
          name="amount"
          className="auth-input pay-amount-input"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          placeholder={t('amount.placeholder', limits)}
          value={value}
          onChange={(e) => onChange(cleanAmountInput(e.target.value))}
          {...invalidProps(id, errors)}
        />
      </FormField>
      {!errors && <p className="pay-muted">{t('amount.limits', limits)}</p>}
      {(amounts.length > 0 || extra) && (
        <div className="pay-quick" role="group" aria-label={t('amount.quick')}>
          {amounts.map((v) => (
            <button
              key={v}
              type="button"
              className="pay-quick-btn"
              aria-pressed={value === amountText(v)}
              onClick={() => onChange(amountText(v))}
            >
              {displayMoney(v / 100)}
            </button>
          ))}
          {extra && (
            <button
              type="button"
              className="pay-quick-btn"
              aria-pressed={value === amountText(extra.amount)}
              onClick={() => onChange(amountText(extra.amount))}
            >
              {extra.label}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
