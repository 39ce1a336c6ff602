import type { DepositHistory, DepositItem } from '@playhouse/contract/payments';
import type { InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UploadedImage } from '../../../components/upload/UploadedImage.tsx';
import { creditedLabel, displayMoney } from '../payment-rules.ts';
import { StatusChip } from './StatusChip.tsx';

function DepositRow({
  item,
  symbol,
  when,
}: {
  item: DepositItem;
  symbol: string;
  when: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation('pay');
  const hasFee = Number(item.fee) > 0;
  const hasBonus = Number(item.bonus) > 0;
  const credited = creditedLabel(item.status);
  return (
    <li className="pay-item">
      <details>
        <summary>
          <span className="pay-item-main">
            <strong dir="auto">{item.channelName}</strong>
            <span className="pay-muted">{when.format(item.createdAt)}</span>
          </span>
          <span className="pay-item-side">
            <strong className="pay-amount-text">{displayMoney(item.amount, symbol)}</strong>
            <StatusChip status={item.status}>{t(`depositStatus.${item.status}`)}</StatusChip>
          </span>
        </summary>
        <dl className="pay-facts">
          <div>
            <dt>{t('history.id')}</dt>
            <dd className="pay-mono">{item.depositId}</dd>
          </div>
          {item.reference && (
            <div>
              <dt>{t('history.reference')}</dt>
              <dd className="pay-mono">{item.reference}</dd>
            </div>
          )}
          {hasFee && (
            <div>
              <dt>{t('summary.fee')}</dt>
              <dd>{displayMoney(item.fee, symbol)}</dd>
            </div>
          )}
          {hasBonus && (
            <div>
              <dt>{t('summary.bonus')}</dt>
              <dd>{displayMoney(item.bonus, symbol)}</dd>
            </div>
          )}
          {credited && (
            <div>
              <dt>{t(credited)}</dt>
              <dd>{displayMoney(item.credited, symbol)}</dd>
            </div>
          )}
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
        {item.receiptIds.length > 0 && (
          <div className="pay-receipts">
            <span className="pay-muted">{t('history.receipts')}</span>
            <div className="up-list">
              {item.receiptIds.map((id, i) => (
                <UploadedImage key={id} uploadId={id} alt={t('history.receiptAlt', { n: i + 1 })} />
              ))}
            </div>
          </div>
        )}
        {item.status === 'PENDING' && item.payUrl && (
          <a className="btn btn-primary btn-block" href={item.payUrl}>
            {t('gateway.continue')}
          </a>
        )}
      </details>
    </li>
  );
}

/** Deposits, newest first, each opening to its details and receipts; "more" loads the next page. */
export function DepositList({
  data,
  isPending,
  error,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  symbol,
  locale,
  empty,
}: {
  data: InfiniteData<DepositHistory> | undefined;
  isPending: boolean;
  error: string | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  symbol: string;
  locale: string;
  empty: string;
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
  if (!items.length) return <p className="pay-state">{empty}</p>;
  return (
    <>
      <ul className="pay-items">
        {items.map((item) => (
          <DepositRow key={item.depositId} item={item} symbol={symbol} when={when} />
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
