import type { WinnerEntry } from '@playhouse/contract/games';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money.ts';
import { useLaunchGame } from '../hooks/use-launch-game.ts';
import defaultImage from '../assets/game-default.svg';
import { sortWinners, winnerBoardLoops } from '../winner-board.ts';
import { LobbyEmpty } from './EmptyState.tsx';
import { GameSection } from './GameSection.tsx';

function WinnerRow({ entry, symbol, copy }: { entry: WinnerEntry; symbol: string; copy?: boolean }) {
  const { t } = useTranslation('lobby');
  const launch = useLaunchGame();
  const [broken, setBroken] = useState(false);
  const vo = entry.vo;
  return (
    <li className="winner" aria-hidden={copy || undefined}>
      <img
        src={broken || !vo.iconUrl ? defaultImage : vo.iconUrl}
        alt=""
        width="44"
        height="44"
        loading="lazy"
        onError={() => setBroken(true)}
      />
      <div className="winner-text">
        <span className="winner-game" dir="auto">
          {vo.gameName}
        </span>
        <span className="winner-name">{t('winners.justWon', { name: vo.customerName })}</span>
      </div>
      <strong className="winner-amount" dir="ltr">
        {`${symbol}${formatMoney(Number(vo.winAmount))}`}
      </strong>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        tabIndex={copy ? -1 : undefined}
        onClick={() => void launch({ nodeId: vo.nodeId, vassalage: vo.vassalage, gameType: vo.gameType })}
      >
        {t('winners.play')}
      </button>
    </li>
  );
}

/**
 * Recent real wins, largest first, in a vertical list that scrolls in a loop only above 4 entries;
 * an honest empty state when nobody has won yet.
 */
export function WinnerBoard({
  entries,
  symbol,
  loading,
}: {
  entries: readonly WinnerEntry[];
  /** The currency as the site shows it beside amounts. */
  symbol: string;
  loading: boolean;
}) {
  const { t } = useTranslation('lobby');
  const sorted = useMemo(() => sortWinners(entries), [entries]);
  const loops = winnerBoardLoops(sorted.length);
  return (
    <GameSection id="winners" title={t('sections.winners')} icon="coins">
      {loading ? (
        <div className="winner-board skeleton" aria-hidden="true" />
      ) : sorted.length === 0 ? (
        <LobbyEmpty text={t('winners.empty')} icon="coins" />
      ) : (
        <div className={`winner-board${loops ? ' is-looping' : ''}`}>
          <ul
            className="winner-list"
            style={loops ? { animationDuration: `${sorted.length * 1.5}s` } : undefined}
          >
            {sorted.map((entry, i) => (
              <WinnerRow key={`a${i}`} entry={entry} symbol={symbol} />
            ))}
            {loops &&
              sorted.map((entry, i) => <WinnerRow key={`b${i}`} entry={entry} symbol={symbol} copy />)}
          </ul>
        </div>
      )}
    </GameSection>
  );
}
