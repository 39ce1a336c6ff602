import { useEffect, useState } from 'react';

/**
 * The instant games' boards: a dice roll on a track, a coin, a wheel. Each spins while the round is
 * under way and settles on the draw. Numbers and the wheel read left to right in every language.
 */

export function DiceBoard({
  roll,
  target,
  over,
  max,
  spinning,
  won,
  label,
}: {
  roll: number | undefined;
  target: number;
  over: boolean;
  max: number;
  spinning: boolean;
  won: boolean | undefined;
  label: string;
}) {
  const [flicker, setFlicker] = useState(0);
  useEffect(() => {
    if (!spinning) return;
    const timer = window.setInterval(() => setFlicker(1 + Math.floor(Math.random() * max)), 70);
    return () => window.clearInterval(timer);
  }, [spinning, max]);
  const shown = spinning ? flicker : roll;
  const pct = (n: number) => `${(n / max) * 100}%`;
  return (
    <div className="pl-dice" dir="ltr" role="img" aria-label={label}>
      <output
        className={`pl-dice-roll${spinning ? ' is-spinning' : ''}${won === true ? ' is-won' : won === false ? ' is-lost' : ''}`}
      >
        {shown === undefined ? '—' : shown}
      </output>
      <div className="pl-track">
        <span
          className="pl-track-win"
          style={
            over
              ? { insetInlineStart: pct(target), insetInlineEnd: 0 }
              : { insetInlineStart: 0, insetInlineEnd: `calc(100% - ${pct(target)})` }
          }
        />
        <span className="pl-track-target" style={{ insetInlineStart: pct(target) }} />
        {shown !== undefined && (
          <span className="pl-track-roll" style={{ insetInlineStart: pct(shown) }}>
            ◆
          </span>
        )}
      </div>
      <div className="pl-track-scale">
        <span>0</span>
        <span>{max / 2}</span>
        <span>{max}</span>
      </div>
    </div>
  );
}

export function CoinBoard({
  side,
  spinning,
  won,
  label,
  faces,
}: {
  side: 'heads' | 'tails' | undefined;
  spinning: boolean;
  won: boolean | undefined;
  label: string;
  faces: { heads: string; tails: string };
}) {
  return (
    <div className="pl-coin-stage" role="img" aria-label={label}>
      <div
        className={`pl-coin${spinning ? ' is-spinning' : ''}${side === 'tails' && !spinning ? ' is-tails' : ''}${won === true ? ' is-won' : ''}`}
      >
        <span className="pl-coin-face pl-coin-heads">{faces.heads}</span>
        <span className="pl-coin-face pl-coin-tails">{faces.tails}</span>
      </div>
    </div>
  );
}

const WHEEL_TONES = ['#2a3163', '#ffb627', '#3b4586', '#ff7a18', '#25d0a0', '#6c4cf0', '#ff4d6a', '#1f8ef1'];

/** Segments that return less than the stake: greyed, never in a win colour. */
const PARTIAL_TONE = '#4b5174';

/**
 * A tone per multiplier, so equal segments look alike: losing ones dark, those returning part of the
 * stake grey, paying ones brighter as they pay more.
 */
function toneFor(multiplier: number, ranks: number[]): string {
  if (multiplier === 0) return WHEEL_TONES[0]!;
  if (multiplier < 1) return PARTIAL_TONE;
  return WHEEL_TONES[1 + (ranks.indexOf(multiplier) % (WHEEL_TONES.length - 1))]!;
}

export function WheelBoard({
  segments,
  index,
  spinning,
  spinCount,
  won,
  label,
}: {
  segments: number[];
  index: number | undefined;
  spinning: boolean;
  /** Rounds spun so far: each stop turns the wheel further on, never back. */
  spinCount: number;
  /** True only when the round returned more than its stake: a 0.5× stop is not celebrated. */
  won?: boolean | undefined;
  label: string;
}) {
  const n = Math.max(1, segments.length);
  const step = 360 / n;
  const ranks = [...new Set(segments.filter((m) => m >= 1))].sort((a, b) => a - b);
  const gradient = segments
    .map((m, i) => `${toneFor(m, ranks)} ${i * step}deg ${(i + 1) * step}deg`)
    .join(', ');
  // The pointer is at the top: segment i's middle comes under it after turning by −(i + ½)·step.
  const angle = index === undefined ? 0 : spinCount * 1440 - (index + 0.5) * step;
  return (
    <div className="pl-wheel-stage" dir="ltr" role="img" aria-label={label}>
      <span className="pl-wheel-pointer" aria-hidden="true" />
      <div
        className={`pl-wheel${spinning ? ' is-spinning' : ''}${won === true && !spinning ? ' is-won' : ''}`}
        style={{
          background: `conic-gradient(${gradient})`,
          transform: spinning ? undefined : `rotate(${angle}deg)`,
        }}
      >
        {segments.map((m, i) => (
          <span
            key={i}
            className={`pl-wheel-label${i === index && !spinning ? ' is-hit' : ''}`}
            style={{ transform: `rotate(${(i + 0.5) * step}deg)` }}
          >
            {m === 0 ? '0' : `${m}×`}
          </span>
        ))}
      </div>
    </div>
  );
}
