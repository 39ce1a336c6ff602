import { useTranslation } from 'react-i18next';
import type { GameInfo } from '@playhouse/contract/play';
import type { OptionsState } from '../adapters.ts';

export type { OptionsState };

/** Dice targets by direction (packages/games/src/dice.ts): under 2–96, over 5–99. */
const DICE_RANGE = { under: [2, 96], over: [5, 99] } as const;

/** The payout multiplier of a dice bet, as the maths computes it: floor(9700 / winning rolls) / 100. */
export function diceMultiplier(target: number, direction: 'under' | 'over'): number {
  const rolls = direction === 'under' ? target - 1 : 100 - target;
  return Math.floor(9700 / rolls) / 100;
}

/**
 * The instant games' choices before a round: the dice target and direction (with its chance and
 * payout), the coin's side, the wheel's risk. Slots take none.
 */
export function GameOptions({
  info,
  state,
  onChange,
  disabled,
}: {
  info: GameInfo;
  state: OptionsState;
  onChange: (next: OptionsState) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('play');
  const values = state.values;
  if (!values) return null;
  const set = (patch: Record<string, unknown>) => onChange({ values: { ...values, ...patch } });

  if (info.gameCode === 'DICE') {
    const direction = values.direction === 'under' ? 'under' : 'over';
    const target = Number(values.target);
    const [min, max] = DICE_RANGE[direction];
    const chance = direction === 'under' ? target - 1 : 100 - target;
    return (
      <section className="pl-options" aria-label={t('options.title')}>
        <div className="pl-segmented" role="group" aria-label={t('options.direction')}>
          {(['under', 'over'] as const).map((d) => (
            <button
              key={d}
              type="button"
              aria-pressed={direction === d}
              disabled={disabled}
              onClick={() => {
                const [lo, hi] = DICE_RANGE[d];
                set({ direction: d, target: Math.min(hi, Math.max(lo, target)) });
              }}
            >
              {t(`options.${d}`)}
            </button>
          ))}
        </div>
        <label className="pl-slider">
          <span>
            {t('options.target')} <b className="pl-num">{target}</b>
          </span>
          <input
            type="range"
            dir="ltr"
            min={min}
            max={max}
            value={target}
            disabled={disabled}
            onChange={(e) => set({ target: Number(e.target.value) })}
          />
        </label>
        <p className="pl-option-facts">
          <span>
            {t('options.chance')} <b className="pl-num">{chance}%</b>
          </span>
          <span>
            {t('options.payout')}{' '}
            <b className="pl-num" dir="ltr">
              {diceMultiplier(target, direction).toFixed(2)}×
            </b>
          </span>
        </p>
      </section>
    );
  }
  if (info.gameCode === 'COINFLIP') {
    return (
      <section className="pl-options" aria-label={t('options.title')}>
        <div className="pl-segmented" role="group" aria-label={t('options.side')}>
          {(['heads', 'tails'] as const).map((side) => (
            <button
              key={side}
              type="button"
              aria-pressed={values.side === side}
              disabled={disabled}
              onClick={() => set({ side })}
            >
              {t(`options.${side}`)}
            </button>
          ))}
        </div>
        <p className="pl-option-facts">
          <span>
            {t('options.payout')}{' '}
            <b className="pl-num" dir="ltr">
              1.94×
            </b>
          </span>
        </p>
      </section>
    );
  }
  if (info.gameCode === 'WHEEL') {
    return (
      <section className="pl-options" aria-label={t('options.title')}>
        <div className="pl-segmented" role="group" aria-label={t('options.risk')}>
          {(['low', 'medium', 'high'] as const).map((risk) => (
            <button
              key={risk}
              type="button"
              aria-pressed={values.risk === risk}
              disabled={disabled}
              onClick={() => set({ risk })}
            >
              {t(`options.${risk}`)}
            </button>
          ))}
        </div>
      </section>
    );
  }
  return null;
}
