import type { RecordItem, RecordPage } from '@playhouse/contract/transactions';
import type { InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money.ts';
import { Icon } from '../../../shell/Icon.tsx';
import { direction, groupByDay, signedMoney } from '../format.ts';
import { localDay } from '../periods.ts';

/** Spec §9: the next page loads when the list's end comes within 300 px, at most once a second. */
const TRIGGER_PX = 300;
const THROTTLE_MS = 1000;

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

/** Asks for the next page when the sentinel nears the viewport. */
export function useLoadMore(load: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  }, [load]);
  useEffect(() => {
    const node = sentinel.current;
    if (!enabled || !node) return;
    let last = 0;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting || Date.now() - last < THROTTLE_MS) return;
        last = Date.now();
        latest.current();
      },
      { rootMargin: `0px 0px ${TRIGGER_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
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
  const formats = useMemo(
    () => ({
      day: new Intl.DateTimeFormat(locale, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }),
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
    }),
    [locale],
  );
  const groups = useMemo(() => groupByDay(items, (ms) => localDay(new Date(ms))), [items]);
  const sentinel = useLoadMore(props.fetchNextPage, props.hasNextPage && !props.isFetchingNextPage);
  const totals = data?.pages[0]?.totals;

  if (props.isPending)
    return (
      <section className="rec-card" aria-busy="true">
        <div className="rec-skeleton" />
        <div className="rec-skeleton" />
        <div className="rec-skeleton" />
      </section>
    );
  if (props.isError)
    return (
      <section className="rec-card rec-state" role="alert">
        <Icon name="refresh" size={28} />
        <p>{t('list.error')}</p>
        {props.errorMessage && <p className="rec-muted">{props.errorMessage}</p>}
        <button type="button" className="btn btn-ghost" onClick={props.retry}>
          {t('list.retry')}
        </button>
      </section>
    );
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
