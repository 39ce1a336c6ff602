import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isNetWin, type RoundOutcome } from '@playhouse/contract/round-outcome';
import type { GameInfo } from '../api/use-game-info.ts';
import type { Effect } from '../sound.ts';
import type { RoundView, SlotFrame } from '../view.ts';
import { CoinBoard, DiceBoard, WheelBoard } from './InstantBoards.tsx';
import { SlotBoard, Tile } from './SlotBoard.tsx';

export type Banner = { tone: 'info' | 'feature' | 'win' | 'loss'; text: string } | undefined;

/** Keeps an amount or a name whole, in its own direction, inside a sentence of either direction. */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * What the screen says when a round has been shown, judged against the stake: a win banner and a
 * win sound only when the round returned more than it cost; a return below the stake is a loss
 * "Returned ₱4.00 of ₱5.00", the stake coming back is said plainly.
 */
export function resultOf(
  t: TFunction<'play'>,
  outcome: RoundOutcome,
  amounts: { win: string; stake: string },
  mode: 'live' | 'pending' | 'replay',
): { banner: Banner; sound: Effect | undefined } {
  const win = isolate(amounts.win);
  const stake = isolate(amounts.stake);
  if (mode === 'replay')
    return {
      banner: {
        tone: 'info',
        text: isNetWin(outcome)
          ? t('replayDone', { amount: win })
          : t('replayReturned', { amount: win, stake }),
      },
      sound: undefined,
    };
  switch (outcome) {
    case 'bigWin':
      return { banner: { tone: 'win', text: t('bigWin', { amount: win }) }, sound: 'bigWin' };
    case 'win':
      return { banner: { tone: 'win', text: t('youWon', { amount: win }) }, sound: 'win' };
    case 'even':
      return { banner: { tone: 'info', text: t('stakeBack', { amount: win }) }, sound: 'stop' };
    case 'partial':
      return { banner: { tone: 'loss', text: t('returnedOf', { amount: win, stake }) }, sound: 'lose' };
    default:
      return {
        banner: mode === 'pending' ? { tone: 'info', text: t('pendingDone') } : undefined,
        sound: 'lose',
      };
  }
}

/**
 * The game's stage: the banner, the board of whichever game it is, and the paying lines. `outcome`
 * is the shown round's (undefined while idle or spinning); win styling follows it, not whether
 * anything was paid.
 */
export function RoundStage({
  info,
  view,
  frame,
  spinning,
  spinCount,
  dropKey,
  banner,
  outcome,
  money,
}: {
  info: Pick<GameInfo, 'name' | 'paytable'>;
  view: RoundView;
  frame: SlotFrame | undefined;
  spinning: readonly boolean[];
  spinCount: number;
  dropKey: string;
  banner: Banner;
  outcome: RoundOutcome | undefined;
  money: (minor: number) => string;
}) {
  const { t } = useTranslation('play');
  const label = t('boardLabel', { game: info.name });
  const settled = outcome !== undefined && !spinning.some(Boolean);
  const won = settled ? isNetWin(outcome) : undefined;
  return (
    <>
      {banner && (
        <p className={`pl-banner pl-banner-${banner.tone}`} role="status">
          {banner.text}
        </p>
      )}
      {view.kind === 'slot' && frame && (
        <SlotBoard
          frame={frame}
          spinning={frame.grid.map((_, i) => spinning[i] ?? false)}
          symbols={info.paytable.map((p) => p.symbol)}
          dropKey={dropKey}
          celebrate={outcome !== undefined && isNetWin(outcome)}
          label={label}
        />
      )}
      {view.kind === 'dice' && (
        <DiceBoard
          roll={view.roll >= 0 ? view.roll : undefined}
          target={view.target}
          over={view.over}
          max={view.max}
          spinning={spinning[0] ?? false}
          won={view.roll >= 0 ? won : undefined}
          label={label}
        />
      )}
      {view.kind === 'coin' && (
        <CoinBoard
          side={view.side}
          spinning={spinning[0] ?? false}
          won={won}
          faces={{ heads: t('options.headsShort'), tails: t('options.tailsShort') }}
          label={label}
        />
      )}
      {view.kind === 'wheel' && (
        <WheelBoard
          segments={view.segments}
          index={view.index >= 0 ? view.index : undefined}
          spinning={spinning[0] ?? false}
          spinCount={spinCount}
          won={won}
          label={label}
        />
      )}
      {frame && frame.wins.length > 0 && !spinning.some(Boolean) && (
        <ul
          className={`pl-wins${outcome !== undefined && !isNetWin(outcome) ? ' is-loss' : ''}`}
          aria-label={t('winsLabel')}
        >
          {frame.wins.slice(0, 4).map((w, i) => (
            <li key={i}>
              {w.kind === 'line' && w.line !== undefined
                ? t('winLine', { line: w.line + 1, n: w.count })
                : w.kind === 'scatter'
                  ? t('winScatter', { n: w.count })
                  : t('winCluster', { n: w.count })}
              <Tile symbol={w.symbol} small />
              <b dir="ltr">{money(w.amount)}</b>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The meter under the reels: "Win" in gold after a net win; after a round that returned less than
 * its stake, "Returned" in plain grey.
 */
export function WinMeter({
  amount,
  outcome,
  money,
}: {
  amount: number | undefined;
  outcome: RoundOutcome | undefined;
  money: (minor: number) => string;
}) {
  const { t } = useTranslation('play');
  const net = outcome !== undefined && isNetWin(outcome);
  const returned = outcome === 'partial' || outcome === 'even';
  return (
    <div className={`pl-meter ${net ? 'pl-meter-win' : 'pl-meter-loss'}`} data-outcome={outcome}>
      <span>{returned ? t('returned') : t('win')}</span>
      <b className="pl-num" dir="ltr" data-testid="game-win">
        {amount === undefined ? '—' : money(amount)}
      </b>
    </div>
  );
}
