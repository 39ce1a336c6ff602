import type { Game } from '@playhouse/contract/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GameGrid, GridSkeleton } from './GameGrid.tsx';
import { GameSection } from './GameSection.tsx';
import { LOBBY } from '../lobby-constants.ts';
import { visibleHotGames } from '../game-lists.ts';

/** The hot games of a list: six, then all of them on request; nothing when there are none. */
export function HotGamesSection({ games, loading }: { games: readonly Game[]; loading: boolean }) {
  const { t } = useTranslation('lobby');
  const [expanded, setExpanded] = useState(false);
  if (!loading && games.length === 0) return null;
  const shown = visibleHotGames(games, expanded, false);
  return (
    <GameSection id="hot" title={t('sections.hot')} icon="star">
      {loading ? (
        <GridSkeleton count={LOBBY.hotInitial} />
      ) : (
        <>
          <GameGrid games={shown} />
          {shown.length < games.length && (
            <button
              type="button"
              className="btn btn-ghost btn-block show-all"
              onClick={() => setExpanded(true)}
            >
              {t('lists.showAll', { count: games.length })}
            </button>
          )}
        </>
      )}
    </GameSection>
  );
}
