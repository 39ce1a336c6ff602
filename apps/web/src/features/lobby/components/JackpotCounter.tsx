import type { Jackpot } from '@playhouse/contract/games';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../../lib/money.ts';

/** Moves the shown figure towards the pool's true value over `ms`. */
function useTween(target: number | undefined, from: number | undefined, ms: number): number | undefined {
  const [shown, setShown] = useState<number | undefined>(undefined);
  const current = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (target === undefined) return;
    const start = current.current ?? from ?? target;
    if (start === target || window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      current.current = target;
      setShown(target);
      return;
    }
    const began = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const t = Math.min(1, (now - began) / ms);
      const value = start + (target - start) * (1 - (1 - t) ** 3);
      current.current = value;
      setShown(value);
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, from, ms]);
  return shown;
}

/**
 * The progressive jackpot: the real pool from the server, counting up to its true value and moving
 * towards each new figure as the pool grows. Nothing is shown without a real figure.
 */
export function JackpotCounter({ jackpot, loading }: { jackpot: Jackpot | undefined; loading: boolean }) {
  const { t } = useTranslation('lobby');
  const amount = jackpot ? Number(jackpot.amount) : undefined;
  const seed = jackpot ? Number(jackpot.seed) : undefined;
  // Until the count-up's first frame, the seed holds the place (no collapse and re-grow).
  const shown = useTween(amount, seed, 2500) ?? seed ?? amount;
  if (loading) return <div className="jackpot skeleton" aria-hidden="true" />;
  if (!jackpot || shown === undefined || Number.isNaN(shown)) return null;
  return (
    <section className="jackpot" aria-label={t('jackpot.label')}>
      <span className="jackpot-title">{t('jackpot.title')}</span>
      <strong className="jackpot-amount" aria-live="off">
        <span className="jackpot-currency">{jackpot.currency}</span> {formatMoney(shown)}
      </strong>
      <span className="jackpot-note">
        {t('jackpot.rules', {
          share: formatPercent(jackpot.contributionBps / 100),
        })}
      </span>
    </section>
  );
}
