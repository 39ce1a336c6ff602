import { z } from 'zod';
import { MoneySchema } from './envelope.ts';
import { AmountSchema } from './money.ts';

/*
 * In-house play (vendor BGS) and bet records (architecture: "In-house play", "Bet records").
 * A round is one ledger movement: the stake, the win and the jackpot's share and award together.
 * Every round is provably fair: the server seed's SHA-256 is published before play, the member picks
 * the client seed, and the nonce counts rounds of one seed pair; after a rotation the old server seed
 * is revealed and every round of it can be recomputed (`POST /play/api/verify`).
 * Money crosses as decimal strings ("1.00"), times as epoch milliseconds.
 */

/** The in-house games (vendor BGS): three slots and three instant games. */
export const IN_HOUSE_GAME_CODES = ['SEVENS', 'JUNGLE', 'CASCADE', 'DICE', 'COINFLIP', 'WHEEL'] as const;
export const InHouseGameCodeSchema = z.enum(IN_HOUSE_GAME_CODES);
export type InHouseGameCode = z.infer<typeof InHouseGameCodeSchema>;
/** The in-house games' brand names (not translated), as the lobby and the fairness page show them. */
export const IN_HOUSE_GAME_NAMES: Record<InHouseGameCode, string> = {
  SEVENS: 'Lucky Sevens',
  JUNGLE: 'Jungle Riches',
  CASCADE: 'Crystal Cascade',
  DICE: 'Dice',
  COINFLIP: 'Coin Flip',
  WHEEL: 'Wheel of Fortune',
};

export const PLAY_PATHS = {
  rounds: '/play/api/rounds',
  unshown: '/play/api/rounds/unshown',
  recent: '/play/api/rounds/recent',
  /** POST /play/api/rounds/:roundId/shown */
  shown: (roundId: string) => `/play/api/rounds/${encodeURIComponent(roundId)}/shown`,
  seeds: '/play/api/seeds',
  clientSeed: '/play/api/seeds/client',
  rotate: '/play/api/seeds/rotate',
  /** GET /play/api/games/:gameCode */
  game: (gameCode: string) => `/play/api/games/${encodeURIComponent(gameCode)}`,
  verify: '/play/api/verify',
  orders: '/lgw/orders',
  orderDetail: '/lgw/orders/detail',
} as const;

/** How many past rounds a member can replay. */
export const RECENT_ROUNDS = 10;

/** A client seed: printable ASCII, no spaces, 1–64 characters. */
export const ClientSeedSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\x21-\x7e]+$/, 'invalidCharacters');

/** A server seed as revealed: 64 hex characters. */
export const ServerSeedSchema = z.string().regex(/^[0-9a-f]{64}$/, 'invalidFormat');

/** The client's idempotency key for a round: a retry with the same key answers the first round. */
export const RequestIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'invalidCharacters');

/** Game options (dice target, coin side, wheel risk…): checked by the game's maths, JSON only. */
export const RoundOptionsSchema = z.record(z.string(), z.unknown());

// ---------- rounds ----------

/** POST /play/api/rounds */
export const RoundRequestSchema = z
  .object({
    gameCode: InHouseGameCodeSchema,
    stake: AmountSchema,
    requestId: RequestIdSchema,
    /** Sets the member's client seed before the round (same as PUT /play/api/seeds/client). */
    clientSeed: ClientSeedSchema.optional(),
    options: RoundOptionsSchema.optional(),
  })
  .strict();
export type RoundRequest = z.infer<typeof RoundRequestSchema>;

/** One settled round as the game client shows it. */
export const RoundSchema = z.object({
  roundId: z.string(),
  gameCode: InHouseGameCodeSchema,
  stake: MoneySchema,
  /** Total win of the round ("0.00" on a loss), the jackpot not included. */
  win: MoneySchema,
  /** The member's balance right after this round. */
  balance: MoneySchema,
  /** What the game's maths returned for the client to show (reels, steps, dice roll…). */
  result: z.unknown(),
  options: z.unknown().nullable(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** The jackpot paid by this round, or null. */
  jackpotWin: MoneySchema.nullable(),
  /** False until the client acknowledges it showed the round (POST …/shown). */
  shown: z.boolean(),
  /** Epoch ms. */
  settledAt: z.number(),
});
export type Round = z.infer<typeof RoundSchema>;

/** GET /play/api/rounds/unshown and /recent: `gameCode` narrows to one game. */
export const RoundsQuerySchema = z
  .object({ gameCode: z.preprocess((v) => (v === '' ? undefined : v), InHouseGameCodeSchema.optional()) })
  .strict();
export const RoundListSchema = z.object({ list: z.array(RoundSchema) });
export type RoundList = z.infer<typeof RoundListSchema>;

export const RoundIdParamsSchema = z.object({ roundId: z.string().min(1).max(64) });
export const ShownResultSchema = z.object({ roundId: z.string(), shown: z.literal(true) });

// ---------- seeds ----------

/** GET /play/api/seeds: the member's current seed pair (the server seed only as its hash). */
export const SeedsSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next round will use. */
  nonce: z.number().int(),
});
export type Seeds = z.infer<typeof SeedsSchema>;

/** PUT /play/api/seeds/client */
export const ClientSeedRequestSchema = z.object({ clientSeed: ClientSeedSchema }).strict();

/** POST /play/api/seeds/rotate: reveals the old server seed and commits to a new one. */
export const RotateResultSchema = z.object({
  previousServerSeed: z.string(),
  previousServerSeedHash: z.string(),
  /** Rounds played with the previous pair (nonces 0 … previousNonce − 1). */
  previousClientSeed: z.string(),
  previousNonce: z.number().int(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type RotateResult = z.infer<typeof RotateResultSchema>;

// ---------- game rules ----------

export const GameParamsSchema = z.object({ gameCode: InHouseGameCodeSchema });

export const PaytableRowSchema = z.object({
  symbol: z.string(),
  pays: z.record(z.string(), z.number()),
  kind: z.enum(['line', 'scatter', 'cluster']),
  note: z.string().optional(),
});

/** GET /play/api/games/:gameCode: everything the game client shows and enforces. */
export const GameInfoSchema = z.object({
  gameCode: InHouseGameCodeSchema,
  name: z.string(),
  kind: z.enum(['slot', 'instant']),
  /** Return to player as a fraction (0.96 = 96%) and the exact fraction proven by the maths' tests. */
  rtp: z.number(),
  rtpExact: z.object({ num: z.string(), den: z.string() }),
  hitRate: z.number(),
  maxMultiplier: z.number(),
  paytable: z.array(PaytableRowSchema),
  /** Stakes a round may take, ascending. */
  stakes: z.array(MoneySchema),
  currency: z.string(),
  /** Reels, rows, lines, symbols, option ranges…: what the maths' catalogue publishes for the client. */
  meta: z.record(z.string(), z.unknown()),
  /** Play safety from the operator's settings (safe defaults: no autoplay, 2.5 s per spin at least). */
  safety: z.object({
    minSpinMs: z.number().int(),
    autoplay: z.boolean(),
    /** The member's reality-check interval in minutes, or null when they set none. */
    realityCheckMinutes: z.number().int().nullable(),
  }),
  jackpot: z.object({
    /** Share of each stake paid into the pool, basis points. */
    contributionBps: z.number(),
    /** A round wins the pool with probability stake (minor units) × oddsPerMinorUnit. */
    oddsPerMinorUnit: z.number(),
  }),
});
export type GameInfo = z.infer<typeof GameInfoSchema>;

// ---------- fairness check ----------

/** POST /play/api/verify (public): recompute any round from revealed seeds. */
export const VerifyRequestSchema = z
  .object({
    gameCode: InHouseGameCodeSchema,
    serverSeed: ServerSeedSchema,
    clientSeed: ClientSeedSchema,
    nonce: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    stake: AmountSchema,
    options: RoundOptionsSchema.optional(),
  })
  .strict();
export type VerifyRequest = z.infer<typeof VerifyRequestSchema>;

export const VerifyResultSchema = z.object({
  serverSeedHash: z.string(),
  outcome: z.object({
    win: MoneySchema,
    result: z.unknown(),
    /** Whether this draw also hit the jackpot (the amount depends on the pool at the time). */
    jackpotHit: z.boolean(),
  }),
});
export type VerifyResult = z.infer<typeof VerifyResultSchema>;

// ---------- bet records: /lgw/orders ----------

const blank = (v: unknown) => (v === '' ? undefined : v);
const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidFormat');

/** GET /lgw/orders: the member's own bets, in-house rounds and seamless vendor bets, newest first. */
export const OrdersQuerySchema = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    /** Days YYYY-MM-DD (UTC, or `timeZone`), inclusive. */
    startDate: z.preprocess(blank, DaySchema.optional()),
    endDate: z.preprocess(blank, DaySchema.optional()),
    timeZone: z.preprocess(
      blank,
      z
        .string()
        .max(64)
        .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/)
        .optional(),
    ),
    /** The lobby's game type (INHOUSE, RNG, LIVE…) or ALL. */
    gameType: z.preprocess(
      blank,
      z
        .string()
        .max(16)
        .regex(/^[A-Z]+$/)
        .optional(),
    ),
  })
  .passthrough();
export type OrdersQuery = z.infer<typeof OrdersQuerySchema>;

export const ORDER_STATUSES = ['settled', 'open', 'rolled_back'] as const;

export const OrderSchema = z.object({
  roundId: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  vendor: z.string(),
  stake: MoneySchema,
  win: MoneySchema,
  status: z.enum(ORDER_STATUSES),
  /** Epoch ms; for an open bet, when it was placed. */
  settledAt: z.number(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrdersPageSchema = z.object({
  list: z.array(OrderSchema),
  pageNo: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
  /** Over every bet the filter matches; net = win − stake. */
  totals: z.object({ stake: MoneySchema, win: MoneySchema, net: MoneySchema }),
});
export type OrdersPage = z.infer<typeof OrdersPageSchema>;

/** GET /lgw/orders/detail?roundId= */
export const OrderDetailQuerySchema = z.object({ roundId: z.string().min(1).max(128) }).passthrough();

export const OrderDetailSchema = OrderSchema.extend({
  currency: z.string(),
  /** In-house rounds only (null for vendor bets). */
  result: z.unknown().nullable(),
  options: z.unknown().nullable(),
  jackpotWin: MoneySchema.nullable(),
  fairness: z
    .object({
      serverSeedHash: z.string(),
      clientSeed: z.string(),
      nonce: z.number().int(),
      /** Revealed once the member rotated away from this seed; null until then. */
      serverSeed: z.string().nullable(),
    })
    .nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;
