import type { Jackpot } from '@playhouse/contract/games';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../../lib/money.ts';

/**
 * Shows a figure in `node` moving towards `target` over `ms`, starting from the last figure shown
 * (or `from`). It writes the text itself, frame by frame, rather than re-rendering the component: the
 * count-up runs while the home page is still loading, where a render per frame would compete with it.
 */
function useCountUp(
  target: number | undefined,
  from: number | undefined,
  ms: number,
): RefObject<HTMLSpanElement | null> {
  const node = useRef<HTMLSpanElement>(null);
  const current = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    const element = node.current;
    if (!element || target === undefined || Number.isNaN(target)) return;
    const start = current.current ?? from ?? target;
    const show = (value: number) => {
      current.current = value;
      element.textContent = formatMoney(value);
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
  }, [target, from, ms]);
  return node;
}

/**
 * The progressive jackpot: the real pool from the server, counting up to its true value and moving
 * towards each new figure as the pool grows. Nothing is shown without a real figure.
 */
export function JackpotCounter({ jackpot, loading }: { jackpot: Jackpot | undefined; loading: boolean }) {
  const { t } = useTranslation('lobby');
  const amount = jackpot ? Number(jackpot.amount) : undefined;
  const seed = jackpot ? Number(jackpot.seed) : undefined;
  const figure = useCountUp(amount, seed, 2500);
  if (loading) return <div className="jackpot skeleton" aria-hidden="true" />;
  if (!jackpot || amount === undefined || Number.isNaN(amount)) return null;
  return (
    <section className="jackpot" aria-label={t('jackpot.label')}>
      <span className="jackpot-title">{t('jackpot.title')}</span>
      <strong className="jackpot-amount" aria-live="off">
        <span className="jackpot-currency">{jackpot.currency}</span>{' '}
        {/* The count-up writes the figure (useCountUp); React renders nothing inside. */}
        <span ref={figure} />
      </strong>
      <span className="jackpot-note">
        {t('jackpot.rules', {
          share: formatPercent(jackpot.contributionBps / 100),
        })}
      </span>
    </section>
  );
}
