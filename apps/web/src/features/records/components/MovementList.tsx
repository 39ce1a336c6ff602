import type { RecordItem, RecordPage } from '@playhouse/contract/transactions';
import type { InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money.ts';
import { Icon } from '../../../shell/Icon.tsx';
import { direction, groupByDay, signedMoney } from '../format.ts';
import { localDay } from '../periods.ts';
import { ListFailure, ListLoading, useDayFormats, useLoadMore } from './list-parts.tsx';

interface Props {
  data: InfiniteData<RecordPage> | undefined;
  isPending: boolean;
  isError: boolean;
  errorMessage?: string | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  retry: () => void;
  locale: string;
  symbol: string;
}

/** Unicode isolates keep a reference such as "JILI-R-1001" whole inside text of either direction. */
const isolate = (text: string) => `\u2068${text}\u2069`;

function Row({ item, time }: { item: RecordItem; time: string }) {
  const { t } = useTranslation('records');
  const flow = direction(item.amount);
  return (
    <li className="rec-row" data-kind={item.kind}>
      <span className={`rec-badge rec-${flow}`} aria-hidden="true">
        <Icon name="download" size={16} className={flow === 'out' ? 'rec-flip' : undefined} />
      </span>
      <strong className="rec-kind">{t(`kinds.${item.kind}`)}</strong>
      <span className={`rec-amount rec-${flow}`} dir="ltr">
        {signedMoney(item.amount)}
      </span>
      <time className="rec-muted" dateTime={new Date(item.createdAt).toISOString()}>
        {time}
      </time>
      <span className="rec-muted rec-after">
        {t('list.balanceAfter', { amount: isolate(formatMoney(Number(item.balanceAfter))) })}
      </span>
      {item.reference && (
        <span className="rec-muted rec-ref">
          {t('list.reference', { reference: isolate(item.reference) })}
        </span>
      )}
    </li>
  );
}

/** The movements, grouped by day, with loading, empty and error states and infinite scroll. */
export function MovementList(props: Props) {
  const { t } = useTranslation('records');
  const { data, locale, symbol } = props;
  const items = useMemo(() => data?.pages.flatMap((p) => p.list) ?? [], [data]);
  const formats = useDayFormats(locale);
  const groups = useMemo(() => groupByDay(items, (ms) => localDay(new Date(ms))), [items]);
  const sentinel = useLoadMore(props.fetchNextPage, props.hasNextPage && !props.isFetchingNextPage);
  const totals = data?.pages[0]?.totals;

  if (props.isPending) return <ListLoading />;
  if (props.isError)
    return <ListFailure message={t('list.error')} detail={props.errorMessage} retry={props.retry} />;
  return (
    <>
      {totals && (
        <section className="rec-card rec-totals" aria-label={t('list.heading')}>
          <div>
            <span className="rec-muted">{t('totals.in')}</span>
            <strong className="rec-in" dir="ltr">
              {symbol}
              {formatMoney(Number(totals.totalIn))}
            </strong>
          </div>
          <div>
            <span className="rec-muted">{t('totals.out')}</span>
            <strong className="rec-out" dir="ltr">
              {symbol}
              {formatMoney(Math.abs(Number(totals.totalOut)))}
            </strong>
          </div>
          <div>
            <span className="rec-muted">{t('totals.net')}</span>
            <strong className={`rec-${direction(totals.net)}`} dir="ltr">
              {signedMoney(totals.net, symbol)}
            </strong>
          </div>
          <p className="rec-muted rec-count">{t('totals.count', { count: totals.count })}</p>
        </section>
      )}
      {items.length === 0 ? (
        <section className="rec-card rec-state" role="status">
          <Icon name="clock" size={28} />
          <p>{t('list.empty')}</p>
          <p className="rec-muted">{t('list.emptyHint')}</p>
        </section>
      ) : (
        <section className="rec-card">
          <h2 className="rec-title">{t('list.heading')}</h2>
          {groups.map((group) => (
            <div key={group.day} className="rec-day">
              <h3 className="rec-day-title">{formats.day.format(new Date(group.rows[0]!.createdAt))}</h3>
              <ul className="rec-rows">
                {group.rows.map((item) => (
                  <Row key={item.id} item={item} time={formats.time.format(new Date(item.createdAt))} />
                ))}
              </ul>
            </div>
          ))}
          <div ref={sentinel} />
          {props.hasNextPage ? (
            <button
              type="button"
              className="btn btn-ghost btn-block rec-more"
              disabled={props.isFetchingNextPage}
              onClick={props.fetchNextPage}
            >
              {t('list.loadMore')}
            </button>
          ) : (
            <p className="rec-muted rec-end">{t('list.end')}</p>
          )}
        </section>
      )}
    </>
  );
}
