import type { InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money.ts';
import { Icon } from '../../../shell/Icon.tsx';
import type { OrdersPage } from '../api/use-bet-record.ts';
import { direction, groupByDay, signedMoney } from '../format.ts';
import { localDay } from '../periods.ts';
import { ListFailure, ListLoading, useDayFormats, useLoadMore } from './list-parts.tsx';

interface Props {
  data: InfiniteData<OrdersPage> | undefined;
  isPending: boolean;
  isError: boolean;
  errorMessage?: string | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  retry: () => void;
  onOpen: (roundId: string) => void;
  locale: string;
  symbol: string;
}

/** The bets, grouped by day, with the filter's totals, loading, empty and error states. */
export function BetList(props: Props) {
  const { t } = useTranslation('records');
  const { data, locale, symbol } = props;
  const items = useMemo(
    () => (data?.pages.flatMap((p) => p.list) ?? []).map((o) => ({ ...o, createdAt: o.settledAt })),
    [data],
  );
  const formats = useDayFormats(locale);
  const groups = useMemo(() => groupByDay(items, (ms) => localDay(new Date(ms))), [items]);
  const sentinel = useLoadMore(props.fetchNextPage, props.hasNextPage && !props.isFetchingNextPage);
  const first = data?.pages[0];

  if (props.isPending) return <ListLoading />;
  if (props.isError)
    return <ListFailure message={t('bets.error')} detail={props.errorMessage} retry={props.retry} />;
  return (
    <>
      {first && (
        <section className="rec-card rec-totals" aria-label={t('bets.totals')}>
          <div>
            <span className="rec-muted">{t('bets.totalStake')}</span>
            <strong dir="ltr" data-testid="bets-total-stake">
              {symbol}
              {formatMoney(Number(first.totals.stake))}
            </strong>
          </div>
          <div>
            <span className="rec-muted">{t('bets.totalWin')}</span>
            <strong className="rec-in" dir="ltr">
              {symbol}
              {formatMoney(Number(first.totals.win))}
            </strong>
          </div>
          <div>
            <span className="rec-muted">{t('bets.net')}</span>
            <strong className={`rec-${direction(first.totals.net)}`} dir="ltr">
              {signedMoney(first.totals.net, symbol)}
            </strong>
          </div>
          <p className="rec-muted rec-count">{t('bets.count', { n: first.totalCount })}</p>
        </section>
      )}
      {items.length === 0 ? (
        <section className="rec-card rec-state" role="status">
          <Icon name="clock" size={28} />
          <p>{t('bets.empty')}</p>
          <p className="rec-muted">{t('list.emptyHint')}</p>
        </section>
      ) : (
        <section className="rec-card">
          <h2 className="rec-title">{t('bets.heading')}</h2>
          {groups.map((group) => (
            <div key={group.day} className="rec-day">
              <h3 className="rec-day-title">{formats.day.format(new Date(group.rows[0]!.createdAt))}</h3>
              <ul className="rec-rows">
                {group.rows.map((bet) => {
                  const net = (Number(bet.win) - Number(bet.stake)).toFixed(2);
                  return (
                    <li key={bet.roundId}>
                      <button
                        type="button"
                        className="rec-row rec-bet"
                        data-round={bet.roundId}
                        onClick={() => props.onOpen(bet.roundId)}
                      >
                        <strong className="rec-kind">{bet.gameName}</strong>
                        <span className={`rec-amount rec-${direction(net)}`} dir="ltr">
                          {signedMoney(net)}
                        </span>
                        <span className="rec-muted rec-bet-meta">
                          <time dateTime={new Date(bet.settledAt).toISOString()}>
                            {formats.time.format(new Date(bet.settledAt))}
                          </time>
                          {' · '}
                          {bet.vendor}
                          {bet.status !== 'settled' && ` · ${t(`bets.statuses.${bet.status}`)}`}
                        </span>
                        <span className="rec-muted rec-after" dir="ltr">
                          {t('bets.stakeShort', { amount: formatMoney(Number(bet.stake)) })}
                        </span>
                      </button>
                    </li>
                  );
                })}
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
