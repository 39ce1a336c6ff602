import type { WithdrawalHistory } from '@playhouse/contract/payments';
import type { InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { displayMoney } from '../payment-rules.ts';
import { StatusChip } from './StatusChip.tsx';

/** The member's withdrawals: held while pending, then paid, or rejected with the amount returned. */
export function WithdrawalList({
  data,
  isPending,
  error,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  symbol,
  locale,
}: {
  data: InfiniteData<WithdrawalHistory> | undefined;
  isPending: boolean;
  error: string | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  symbol: string;
  locale: string;
}) {
  const { t } = useTranslation('pay');
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  if (isPending) return <div className="pay-skeleton" aria-hidden="true" />;
  if (error)
    return (
      <p className="pay-state" role="alert">
        {error}
      </p>
    );
  const items = data?.pages.flatMap((p) => p.list) ?? [];
  if (!items.length) return <p className="pay-state">{t('withdraw.noHistory')}</p>;
  return (
    <>
      <ul className="pay-items">
        {items.map((item) => (
          <li key={item.withdrawalId} className="pay-item">
            <details>
              <summary>
                <span className="pay-item-main">
                  <strong dir="auto">{item.bankName}</strong>
                  <span className="pay-muted">{when.format(item.createdAt)}</span>
                </span>
                <span className="pay-item-side">
                  <strong className="pay-amount-text">{displayMoney(item.amount, symbol)}</strong>
                  <StatusChip status={item.status}>{t(`withdrawStatus.${item.status}`)}</StatusChip>
                </span>
              </summary>
              <p className="pay-note">{t(`withdrawStatusText.${item.status}`)}</p>
              <dl className="pay-facts">
                <div>
                  <dt>{t('history.id')}</dt>
                  <dd className="pay-mono">{item.withdrawalId}</dd>
                </div>
                <div>
                  <dt>{t('withdraw.to')}</dt>
                  <dd dir="auto">
                    {item.bankName} <span dir="ltr">{item.accountNoMasked}</span> · {item.payeeName}
                  </dd>
                </div>
                {item.decidedAt && (
                  <div>
                    <dt>{t('history.decidedAt')}</dt>
                    <dd>{when.format(item.decidedAt)}</dd>
                  </div>
                )}
                {item.reason && (
                  <div>
                    <dt>{t('history.reason')}</dt>
                    <dd dir="auto">{item.reason}</dd>
                  </div>
                )}
              </dl>
            </details>
          </li>
        ))}
      </ul>
      {hasNextPage && (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          disabled={isFetchingNextPage}
          onClick={fetchNextPage}
        >
          {t('history.more')}
        </button>
      )}
    </>
  );
}
