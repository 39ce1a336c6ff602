import type { Statement } from '@playhouse/contract/transactions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/money.ts';
import { Icon } from '../../../shell/Icon.tsx';
import { showToast } from '../../../shell/toast.tsx';
import { downloadStatement } from '../api/download-statement.ts';
import { useStatement } from '../api/use-statement.ts';
import { direction, signedMoney } from '../format.ts';
import type { DayRange } from '../periods.ts';

/** Figures in the order a statement reads, and whether each is signed (+/−) or a plain amount. */
const FIGURES: [key: string, field: keyof Statement, signed: boolean][] = [
  ['opening', 'openingBalance', false],
  ['deposits', 'netDeposits', false],
  ['withdrawals', 'netWithdrawals', false],
  ['winLoss', 'netWinLoss', true],
  ['bonuses', 'bonuses', false],
  ['adjustments', 'adjustments', true],
  ['transfers', 'netTransfers', true],
  ['staked', 'totalStaked', false],
  ['closing', 'closingBalance', false],
];

/** The chosen period's statement and its CSV download. */
export function StatementCard({
  range,
  timeZone,
  symbol,
  formatDay,
}: {
  range: DayRange;
  timeZone: string;
  symbol: string;
  formatDay: (day: string) => string;
}) {
  const { t } = useTranslation('records');
  const statement = useStatement(range, timeZone);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadStatement(range, timeZone);
    } catch (error) {
      showToast(error instanceof ApiError ? error.message : t('statement.downloadFailed'), { kind: 'error' });
    } finally {
      setDownloading(false);
    }
  };
  const s = statement.data;
  return (
    <section className="rec-card rec-statement" aria-labelledby="rec-statement-title">
      <div className="rec-statement-head">
        <h2 id="rec-statement-title" className="rec-title">
          {t('statement.heading')}
        </h2>
        <span className="rec-muted">
          {t('statement.period', { start: formatDay(range.startDate), end: formatDay(range.endDate) })}
        </span>
      </div>
      {statement.isError ? (
        <div className="rec-state" role="alert">
          <p>{statement.error instanceof ApiError ? statement.error.message : t('list.error')}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void statement.refetch()}>
            {t('list.retry')}
          </button>
        </div>
      ) : !s ? (
        <div className="rec-skeleton rec-skeleton-tall" aria-busy="true" />
      ) : (
        <dl className="rec-figures">
          {FIGURES.map(([key, field, signed]) => {
            const value = String(s[field]);
            return (
              <div
                key={key}
                className={key === 'opening' || key === 'closing' ? 'rec-figure-strong' : undefined}
              >
                <dt>{t(`statement.${key}`)}</dt>
                <dd dir="ltr" className={signed ? `rec-${direction(value)}` : undefined}>
                  {signed ? signedMoney(value, symbol) : `${symbol}${formatMoney(Number(value))}`}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={downloading}
        onClick={() => void download()}
      >
        <Icon name="download" size={20} />
        {downloading ? t('statement.downloading') : t('statement.download')}
      </button>
    </section>
  );
}
