import type { Jackpot } from '@playhouse/contract/games';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, formatPercent } from '../../../lib/money.ts';

/**
 * Shows a figure in `node`: the first one at once, then moving towards each new `target` over `ms`
 * from the figure last shown. It writes the text itself, frame by frame, rather than re-rendering the
 * component. The first figure is not counted up from the seed: that would show figures the pool never
 * held, and a frame-by-frame count while home is still loading competes with the page for the CPU.
 */
function useCountUp(target: number | undefined, ms: number): RefObject<HTMLSpanElement | null> {
  const node = useRef<HTMLSpanElement>(null);
  const current = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    const element = node.current;
    if (!element || target === undefined || Number.isNaN(target)) return;
    const start = current.current ?? target;
    const show = (value: number) => {
      current.current = value;
      const text = formatMoney(value);
      if (element.textContent !== text) element.textContent = text;
    };
    show(start);
    if (start === target || window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      show(target);
      return;
    }
    const began = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const t = Math.min(1, (now - began) / ms);
      show(start + (target - start) * (1 - (1 - t) ** 3));
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, ms]);
  return node;
}

/** How long the counter takes to move to a new figure of the pool. */
const JACKPOT_STEP_MS = 2500;

/**
 * The progressive jackpot: the real pool from the server, shown at its true value and moving towards
 * each new figure as the pool grows, with a link to how it is won and its hits. Nothing is shown
 * without a real figure.
 */
export function JackpotCounter({ jackpot, loading }: { jackpot: Jackpot | undefined; loading: boolean }) {
  const { t } = useTranslation('lobby');
  const amount = jackpot ? Number(jackpot.amount) : undefined;
  const figure = useCountUp(amount, JACKPOT_STEP_MS);
  // The first figure is part of the markup, so a page rendered on the server shows it before the
  // app runs; React never changes it afterwards, the count-up does.
  const [first] = useState(amount);
  if (loading) return <div className="jackpot skeleton" aria-hidden="true" />;
  if (!jackpot || amount === undefined || Number.isNaN(amount)) return null;
  return (
    <section className="jackpot" aria-label={t('jackpot.label')}>
      <span className="jackpot-title">{t('jackpot.title')}</span>
      <strong className="jackpot-amount" aria-live="off">
        <span className="jackpot-currency">{jackpot.currencySymbol}</span>
        {/* The count-up writes every later figure (useCountUp). */}
        <span ref={figure}>{first !== undefined && !Number.isNaN(first) ? formatMoney(first) : null}</span>
      </strong>
      <span className="jackpot-note">
        {t('jackpot.rules', {
          share: formatPercent(jackpot.contributionBps / 100),
        })}
      </span>
      <Link to="/m/jackpot" className="jackpot-more">
        {t('jackpot.more')}
      </Link>
    </section>
  );
}
