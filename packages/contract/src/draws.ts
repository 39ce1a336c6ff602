import { z } from 'zod';
import { MoneySchema } from './envelope.ts';
import { AmountSchema } from './money.ts';
import { RequestIdSchema } from './play.ts';

/*
 * Draw games (vendor BGS; decision 026): the numbers lottery (LOTT, play type Tradition) and the
 * e-lottery (ELOTT, Entertainment). Every ticket of a draw shares one result, drawn from a server seed
 * whose SHA-256 is published when the draw is created (before it takes tickets) and which is revealed
 * once the draw is settled: result = the game's draw on the fair stream of (serverSeed, clientSeed =
 * `${gameCode}:${numero}`, nonce 0). Money crosses as decimal strings, times as epoch milliseconds,
 * odds as decimal strings ("1.95" pays 1.95 × the stake, the stake included).
 */

export const DRAW_GAME_CODES = ['LOTT3', 'K3', 'BINGO75'] as const;
export const DrawGameCodeSchema = z.enum(DRAW_GAME_CODES);
export type DrawGameCode = z.infer<typeof DrawGameCodeSchema>;

export const DRAW_PATHS = {
  opened: '/lotto/lgw/games/opened/numero',
  rules: '/lotto/lgw/games/rules',
  results: '/lotto/lgw/games/results',
  list: '/lotto/lgw/games/list',
  orders: '/lotto/lgw/orders',
  tickets: '/lotto/lgw/tickets',
  cancel: '/lgw/orders/suborders/cancel',
  bingoRound: '/lotto/lgw/bingo/round',
  bingoCards: '/lotto/lgw/bingo/cards',
} as const;

export const DRAW_STATUSES = ['open', 'settling', 'settled', 'voiding', 'void'] as const;
export const DrawStatusSchema = z.enum(DRAW_STATUSES);
export type DrawStatus = z.infer<typeof DrawStatusSchema>;

export const TICKET_STATUSES = ['open', 'won', 'lost', 'cancelled', 'void'] as const;
export const TicketStatusSchema = z.enum(TICKET_STATUSES);

export const GameCodeQuerySchema = z.object({ gameCode: DrawGameCodeSchema });

/** `interval`: a draw every `seconds`; `daily`: draws at these UTC times every day. */
export const DrawScheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('interval'), seconds: z.number().int().min(60).max(86_400) }),
  z.object({
    kind: z.literal('daily'),
    times: z
      .array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalidFormat'))
      .min(1)
      .max(48),
  }),
]);
export type DrawSchedule = z.infer<typeof DrawScheduleSchema>;

// ---------- the open draw ----------

/** GET /lotto/lgw/games/opened/numero?gameCode=… */
export const OpenDrawSchema = z.object({
  gameCode: DrawGameCodeSchema,
  numero: z.string(),
  openAt: z.number(),
  closeAt: z.number(),
  drawAt: z.number(),
  status: DrawStatusSchema,
  /** SHA-256 of the draw's server seed, published before the draw took any ticket. */
  serverSeedHash: z.string(),
  /** The server's clock when answering, so a countdown is right on a device whose clock is not. */
  serverTime: z.number(),
});
export type OpenDraw = z.infer<typeof OpenDrawSchema>;

// ---------- rules ----------

export const BetTypeRulesSchema = z.object({
  betType: z.string(),
  enabled: z.boolean(),
  selections: z.array(z.string()),
  /** Odds per selection; `*` stands for every selection not listed. */
  odds: z.record(z.string(), z.string()),
  minStake: MoneySchema,
  maxStake: MoneySchema,
  /** Return to player of the worst selection at these odds, exact (`rtpExact`) and as a number. */
  rtp: z.number(),
  rtpExact: z.object({ num: z.string(), den: z.string() }),
  /** The best selection's return (equal to `rtp` when every selection is priced alike). */
  rtpBest: z.number(),
});
export type BetTypeRules = z.infer<typeof BetTypeRulesSchema>;

/** GET /lotto/lgw/games/rules?gameCode=… */
export const DrawRulesSchema = z.object({
  gameCode: DrawGameCodeSchema,
  name: z.string(),
  category: z.enum(['LOTT', 'ELOTT', 'BG']),
  playType: z.enum(['trad', 'ent']),
  enabled: z.boolean(),
  schedule: DrawScheduleSchema,
  closeBeforeSeconds: z.number(),
  currency: z.string(),
  betTypes: z.array(BetTypeRulesSchema),
});
export type DrawRules = z.infer<typeof DrawRulesSchema>;

/** GET /lotto/lgw/games/list?playType=trad|ent: the lottery or e-lottery list with each open draw. */
export const DrawListQuerySchema = z.object({ playType: z.enum(['trad', 'ent']).optional() });
export const DrawListSchema = z.object({
  list: z.array(
    z.object({
      gameCode: DrawGameCodeSchema,
      name: z.string(),
      category: z.enum(['LOTT', 'ELOTT', 'BG']),
      playType: z.enum(['trad', 'ent']),
      draw: OpenDrawSchema.nullable(),
    }),
  ),
});
export type DrawList = z.infer<typeof DrawListSchema>;

// ---------- orders and tickets ----------

export const BetSchema = z.object({
  betType: z
    .string()
    .min(1)
    .max(24)
    .regex(/^[A-Z0-9_]+$/, 'invalidFormat'),
  selection: z
    .string()
    .min(1)
    .max(16)
    .regex(/^[A-Z0-9]+$/, 'invalidFormat'),
  amount: AmountSchema,
});

/** POST /lotto/lgw/orders: idempotent per requestId (a retry answers the first order). */
export const DrawOrderRequestSchema = z.object({
  gameCode: DrawGameCodeSchema,
  numero: z.string().min(1).max(32),
  requestId: RequestIdSchema,
  bets: z.array(BetSchema).min(1).max(50),
});
export type DrawOrderRequest = z.infer<typeof DrawOrderRequestSchema>;

export const TicketSchema = z.object({
  ticketId: z.string(),
  orderId: z.string(),
  gameCode: DrawGameCodeSchema,
  numero: z.string(),
  betType: z.string(),
  selection: z.string(),
  stake: MoneySchema,
  odds: z.string(),
  potentialWin: MoneySchema,
  status: TicketStatusSchema,
  win: MoneySchema,
  createdAt: z.number(),
  settledAt: z.number().nullable(),
  closeAt: z.number(),
  drawAt: z.number(),
  /** The draw's result once drawn. */
  result: z.array(z.number()).nullable(),
});
export type Ticket = z.infer<typeof TicketSchema>;

export const DrawOrderSchema = z.object({
  orderId: z.string(),
  tickets: z.array(TicketSchema),
  balance: MoneySchema,
});
export type DrawOrder = z.infer<typeof DrawOrderSchema>;

/** GET /lotto/lgw/tickets: the member's own tickets, newest first. */
export const TicketsQuerySchema = z.object({
  gameCode: DrawGameCodeSchema.optional(),
  status: z.enum(['open', 'settled']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const TicketListSchema = z.object({ list: z.array(TicketSchema) });

/** POST /lgw/orders/suborders/cancel: refunds one open ticket before its draw closes. */
export const CancelTicketRequestSchema = z.object({ ticketId: z.string().min(1).max(40) });
export const CancelTicketSchema = z.object({
  ticketId: z.string(),
  status: z.literal('cancelled'),
  refund: MoneySchema,
  balance: MoneySchema,
});
export type CancelTicket = z.infer<typeof CancelTicketSchema>;

// ---------- results ----------

export const ResultsQuerySchema = z.object({
  gameCode: DrawGameCodeSchema,
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

export const DrawResultSchema = z.object({
  gameCode: DrawGameCodeSchema,
  numero: z.string(),
  drawAt: z.number(),
  status: DrawStatusSchema,
  result: z.array(z.number()).nullable(),
  serverSeedHash: z.string(),
  /** Revealed once the draw is settled or void; null before. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.literal(0),
});
export type DrawResultView = z.infer<typeof DrawResultSchema>;

export const ResultsPageSchema = z.object({
  list: z.array(DrawResultSchema),
  pageNo: z.number(),
  pageSize: z.number(),
});
export type ResultsPage = z.infer<typeof ResultsPageSchema>;

// ---------- back office ----------

export const BetTypeSettingsSchema = z.object({
  enabled: z.boolean(),
  odds: z.record(z.string().max(16), z.number().int()),
  minStake: AmountSchema,
  maxStake: AmountSchema,
});

/** PUT /bo/api/draws/games/:gameCode (every field optional; bet types merge by code). */
export const DrawGameSettingsRequestSchema = z.object({
  enabled: z.boolean().optional(),
  schedule: DrawScheduleSchema.optional(),
  closeBeforeSeconds: z.number().int().min(5).max(3600).optional(),
  maxExposure: AmountSchema.optional(),
  betTypes: z.record(z.string().max(24), BetTypeSettingsSchema.partial()).optional(),
});
export type DrawGameSettingsRequest = z.infer<typeof DrawGameSettingsRequestSchema>;

export const DrawGameAdminSchema = DrawRulesSchema.extend({ maxExposure: MoneySchema });
export const DrawGameAdminListSchema = z.object({ list: z.array(DrawGameAdminSchema) });
export type DrawGameAdmin = z.infer<typeof DrawGameAdminSchema>;

export const DrawAdminQuerySchema = z.object({
  gameCode: DrawGameCodeSchema.optional(),
  status: DrawStatusSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** One draw in the results and settlement report. */
export const DrawAdminSchema = z.object({
  id: z.number(),
  gameCode: DrawGameCodeSchema,
  numero: z.string(),
  openAt: z.number(),
  closeAt: z.number(),
  drawAt: z.number(),
  status: DrawStatusSchema,
  result: z.array(z.number()).nullable(),
  tickets: z.number(),
  stake: MoneySchema,
  win: MoneySchema,
  exposure: MoneySchema,
  maxExposure: MoneySchema,
  voidReason: z.string().nullable(),
  settledAt: z.number().nullable(),
});
export type DrawAdmin = z.infer<typeof DrawAdminSchema>;
export const DrawAdminPageSchema = z.object({
  list: z.array(DrawAdminSchema),
  pageNo: z.number(),
  pageSize: z.number(),
  totalCount: z.number(),
});

export const DrawIdParamsSchema = z.object({ id: z.coerce.number().int().min(1) });
export const GameCodeParamsSchema = z.object({ gameCode: DrawGameCodeSchema });
export const VoidDrawRequestSchema = z.object({ reason: z.string().trim().min(1).max(200) });

// ---------- 75-ball bingo (decision 032) ----------

/** GET /lotto/lgw/bingo/cards?count=…: fresh cards to choose from (a code and its 25 squares, 0 free). */
export const BingoCardsQuerySchema = z.object({ count: z.coerce.number().int().min(1).max(6).default(1) });
export const BingoCardSchema = z.object({
  cardCode: z.string(),
  /** The 25 squares row by row, columns B I N G O; 0 is the free middle square. */
  numbers: z.array(z.number()),
});
export const BingoCardsSchema = z.object({ list: z.array(BingoCardSchema) });
export type BingoCard = z.infer<typeof BingoCardSchema>;

/** A round being called or finished: the balls called by `serverTime` (all of them once drawAt is past). */
export const BingoLiveRoundSchema = z.object({
  numero: z.string(),
  status: DrawStatusSchema,
  closeAt: z.number(),
  drawAt: z.number(),
  /** A ball is called every `callMs` from closeAt; ball i (0-based) at closeAt + (i + 1) × callMs. */
  callMs: z.number(),
  ballCount: z.number(),
  called: z.array(z.number()),
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
});
export type BingoLiveRound = z.infer<typeof BingoLiveRoundSchema>;

/** One of the member's cards with its automatic daubs and (once the round is settled) its outcome. */
export const BingoCardTicketSchema = z.object({
  ticketId: z.string(),
  numero: z.string(),
  cardCode: z.string(),
  numbers: z.array(z.number()),
  /** The card's numbers called so far. */
  daubed: z.array(z.number()),
  /** Patterns completed with the balls called so far. */
  patterns: z.array(z.string()),
  stake: MoneySchema,
  status: TicketStatusSchema,
  /** The best pattern completed when the round is settled, and what it paid. */
  pattern: z.string().nullable(),
  win: MoneySchema,
});
export type BingoCardTicket = z.infer<typeof BingoCardTicketSchema>;

/** GET /lotto/lgw/bingo/round: the round taking cards, the round called now or last, the member's cards. */
export const BingoRoundSchema = z.object({
  gameCode: z.literal('BINGO75'),
  serverTime: z.number(),
  open: OpenDrawSchema.nullable(),
  live: BingoLiveRoundSchema.nullable(),
  /** The prize table: pattern → prize as a multiple of the card price ("1.50"). */
  prizes: z.record(z.string(), z.string()),
  /** A card's exact return to player under this table. */
  rtp: z.number(),
  price: z.object({ min: MoneySchema, max: MoneySchema }),
  /** The member's cards on the open round and on the live one (empty when signed out). */
  cards: z.array(BingoCardTicketSchema),
});
export type BingoRound = z.infer<typeof BingoRoundSchema>;
