import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shell/Icon.tsx';

/**
 * What the record lists (movements, bets) share: infinite scroll, the day and time formats of their
 * groups, and their loading and error states.
 */

/** Spec §9: the next page loads when the list's end comes within 300 px, at most once a second. */
const TRIGGER_PX = 300;
const THROTTLE_MS = 1000;

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

/** The day headings' and rows' formats for a locale. */
export function useDayFormats(locale: string) {
  return useMemo(
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
}

export function ListLoading() {
  return (
    <section className="rec-card" aria-busy="true">
      <div className="rec-skeleton" />
      <div className="rec-skeleton" />
      <div className="rec-skeleton" />
    </section>
  );
}

/** A list that could not load: what went wrong, the server's words if any, and a retry. */
export function ListFailure({
  message,
  detail,
  retry,
}: {
  message: string;
  detail?: string | undefined;
  retry: () => void;
}) {
  const { t } = useTranslation('records');
  return (
    <section className="rec-card rec-state" role="alert">
      <Icon name="refresh" size={28} />
      <p>{message}</p>
      {detail && <p className="rec-muted">{detail}</p>}
      <button type="button" className="btn btn-ghost" onClick={retry}>
        {t('list.retry')}
      </button>
    </section>
  );
}
