/**
 * The in-house play API (contract: packages/contract/src/play.ts, PLAY_PATHS). Repeated here rather
 * than imported, so the game chunks do not carry the contract's zod schemas.
 */
export const PLAY_API = {
  rounds: '/play/api/rounds',
  unshown: '/play/api/rounds/unshown',
  recent: '/play/api/rounds/recent',
  shown: (roundId: string) => `/play/api/rounds/${encodeURIComponent(roundId)}/shown`,
  seeds: '/play/api/seeds',
  clientSeed: '/play/api/seeds/client',
  rotate: '/play/api/seeds/rotate',
  game: (gameCode: string) => `/play/api/games/${encodeURIComponent(gameCode)}`,
  verify: '/play/api/verify',
} as const;

/** Keys of the member's play data; under `member`, so signing out forgets them. */
export const PLAY_KEYS = {
  seeds: ['member', 'play', 'seeds'] as const,
  unshown: (code: string) => ['member', 'play', 'unshown', code] as const,
  recent: (code: string) => ['member', 'play', 'recent', code] as const,
  wallet: ['member', 'wallet'] as const,
};
