import type { Game } from '@playhouse/contract/games';
import { useTranslation } from 'react-i18next';
import { useFavouriteToggle } from '../hooks/use-favourite-toggle.ts';
import { useLaunchGame } from '../hooks/use-launch-game.ts';
import { GameTile } from './GameTile.tsx';

/** Placeholder tiles while a grid of known size loads. */
export function GridSkeleton({ count }: { count: number }) {
  return (
    <div className="game-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="game-tile skeleton-tile">
          <div className="game-art skeleton" />
          <span className="skeleton skeleton-line" />
        </div>
      ))}
    </div>
  );
}

/** A tight grid of game tiles with favourite toggles and launch. */
export function GameGrid({ games, eagerCount = 0 }: { games: readonly Game[]; eagerCount?: number }) {
  // One translation hook per grid, not per tile: a grid of dozens of tiles renders noticeably faster.
  const { t } = useTranslation('lobby');
  const { ids, toggle } = useFavouriteToggle();
  const launch = useLaunchGame();
  return (
    <div className="game-grid">
      {games.map((game, i) => (
        <GameTile
          key={game.nodeId}
          game={game}
          favourite={ids.has(game.nodeId)}
          onFavourite={toggle}
          onLaunch={launch}
          eager={i < eagerCount}
          t={t}
        />
      ))}
    </div>
  );
}
