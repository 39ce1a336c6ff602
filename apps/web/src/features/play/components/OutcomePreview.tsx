import { useTranslation } from 'react-i18next';
import type { GameInfo } from '@playhouse/contract/play';
import { isNetWin, roundOutcome } from '@playhouse/contract/round-outcome';
import { toView } from '../adapters.ts';
import { CoinBoard, DiceBoard, WheelBoard } from './InstantBoards.tsx';
import { SlotBoard } from './SlotBoard.tsx';

/** A recomputed outcome drawn as the game draws it: the final screen of a slot, or the instant draw. */
export function OutcomePreview({
  info,
  outcome,
  stake,
}: {
  info: GameInfo;
  outcome: { win: string; result: unknown };
  stake: string;
}) {
  const { t } = useTranslation('play');
  const view = toView(info, { result: outcome.result, win: outcome.win, stake });
  const label = t('fair.outcomeLabel', { game: info.name });
  // Styled as a win only when the round returned more than its stake.
  const won = isNetWin(roundOutcome(Math.round(Number(stake) * 100), view.win));
  return (
    <div className="fair-preview">
      {view.kind === 'slot' && (
        <>
          <SlotBoard
            frame={view.frames[0]!}
            spinning={[]}
            symbols={[]}
            dropKey="preview"
            celebrate={won}
            label={label}
          />
          {view.frames.length > 1 && (
            <p className="pl-muted pl-small">{t('fair.moreFrames', { n: view.frames.length - 1 })}</p>
          )}
        </>
      )}
      {view.kind === 'dice' && (
        <DiceBoard
          roll={view.roll}
          target={view.target}
          over={view.over}
          max={view.max}
          spinning={false}
          won={won}
          label={label}
        />
      )}
      {view.kind === 'coin' && (
        <CoinBoard
          side={view.side}
          spinning={false}
          won={won}
          label={label}
          faces={{ heads: t('options.headsShort'), tails: t('options.tailsShort') }}
        />
      )}
      {view.kind === 'wheel' && (
        <WheelBoard
          segments={view.segments}
          index={view.index}
          spinning={false}
          spinCount={1}
          won={won}
          label={label}
        />
      )}
    </div>
  );
}
