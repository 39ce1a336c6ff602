import type { Game } from '@playhouse/contract/games';
import { IN_HOUSE_VENDOR, LOBBY } from './lobby-constants.ts';

/** Case-insensitive name match; an empty search matches everything. */
export function matchesName(game: Pick<Game, 'gameName'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || game.gameName.toLowerCase().includes(needle);
}

/**
 * Hot games for a list (spec §4): the loaded hot list filtered by type (BINGO is RNG with
 * classification BG; INHOUSE is also limited to the in-house vendor), vendor and name.
 */
export function filterHotGames(
  games: readonly Game[],
  filter: { gameType: string; vassalage: string; searchName: string },
): Game[] {
  return games.filter((game) => {
    if (filter.gameType === 'BINGO') {
      if (game.gameClassify !== 'BG') return false;
    } else if (filter.gameType === 'INHOUSE') {
      if (game.vassalage !== IN_HOUSE_VENDOR) return false;
    } else if (filter.gameType !== 'ALL' && filter.gameType !== '' && game.gameType !== filter.gameType) {
      return false;
    }
    if (filter.vassalage && game.vassalage !== filter.vassalage) return false;
    return matchesName(game, filter.searchName);
  });
}

/** Hot games show 6 until expanded; a name search shows every match. */
export function visibleHotGames<T>(games: readonly T[], expanded: boolean, searching: boolean): T[] {
  return expanded || searching ? [...games] : games.slice(0, LOBBY.hotInitial);
}

/** The first `rows` rows of a home grid. */
export function firstRows<T>(games: readonly T[], rows: number, perRow: number = LOBBY.perRow): T[] {
  return games.slice(0, rows * perRow);
}

/** The query parameters a game-list request sends for a filter (BINGO is RNG + BG). */
export function gameListParams(filter: {
  gameType: string;
  vassalage: string;
  classification: string;
  searchName: string;
}): Record<string, string> {
  const bingo = filter.gameType === 'BINGO';
  const params: Record<string, string> = { gameType: bingo ? 'RNG' : filter.gameType || 'ALL' };
  const classification = bingo ? 'BG' : filter.classification;
  if (classification) params.gameClassify = classification;
  if (filter.vassalage) params.vassalage = filter.vassalage;
  const name = filter.searchName.trim();
  if (name) params.gameName = name;
  return params;
}

/**
 * A tile's colour theme, theme-1 to theme-8 (spec §2): scattered over the games by a hash of the
 * game's id rather than drawn at random, so a tile the server rendered keeps its colour when the app
 * takes the page over, and a game keeps its colour from one visit to the next.
 */
export function tileTheme(nodeId: number): string {
  // Knuth's multiplicative hash: the top three bits of the 32-bit product.
  return `theme-${1 + (Math.imul(nodeId, 0x9e3779b1) >>> 29)}`;
}

/** Favourites with one removed, for the local-first update (spec §4). */
export function withoutGame<T extends { nodeId: number }>(games: readonly T[], nodeId: number): T[] {
  return games.filter((g) => g.nodeId !== nodeId);
}
