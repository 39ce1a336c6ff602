/**
 * Categories the lobby lists, in server order (getVassGameType answers them in this order). Kept
 * apart from games.ts, which builds zod schemas, so the player site's entry chunk can read the order
 * without loading zod.
 */
export const GAME_CATEGORIES = [
  'RNG',
  'BINGO',
  'FISH',
  'LIVE',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
  'INHOUSE',
] as const;
