import type { Game } from '@playhouse/contract/games';
import { useDeferredValue } from 'react';
import type { IconName } from '../../../shell/Icon.tsx';
import { firstRows } from '../game-lists.ts';
import { LOBBY } from '../lobby-constants.ts';
import { GameGrid, GridSkeleton } from './GameGrid.tsx';
import { GameSection } from './GameSection.tsx';

/** A home section of whole rows of games, with a skeleton while it loads; nothing when it has no games. */
export function HomeGameSection({
  id,
  title,
  icon,
  rows,
  games,
  loading,
  onMore,
  empty,
}: {
  id: string;
  title: string;
  icon?: IconName;
  rows: number;
  games: readonly Game[] | undefined;
  loading: boolean;
  onMore?: () => void;
  /** Shown when there are no games; without it an empty section is left out. */
  empty?: string;
}) {
  // Games arrive through the query cache, whose updates render at once; deferring them lets the
  // tiles render in slices in the background, so a section's arrival never blocks a tap.
  const shownGames = useDeferredValue(games);
  const shownLoading = useDeferredValue(loading);
  if (!loading && (games?.length ?? 0) === 0 && !empty) return null;
  return (
    <GameSection id={id} title={title} icon={icon} onMore={onMore}>
      {shownLoading ? (
        <GridSkeleton count={rows * LOBBY.perRow} />
      ) : shownGames && shownGames.length > 0 ? (
        <GameGrid games={firstRows(shownGames, rows)} />
      ) : (
        <p className="section-empty">{empty}</p>
      )}
    </GameSection>
  );
}
