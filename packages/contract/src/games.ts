import { z } from 'zod';
import { GAME_CATEGORIES } from './game-categories.ts';
import { MoneySchema } from './envelope.ts';
import { LanguageCodeSchema } from './settings.ts';

/*
 * Lobby contract: the game catalogue, vendors, favourites, recent games, hot games, the winner board,
 * the jackpot pool and game launch (spec §3 Game/Vendor/paged responses/Winner entry, §7 Games).
 * Query schemas accept the extra parameters the spec's clients send (merchant, platform, clientType,
 * merchantCode, typeId, isPlatform, imgSize…) and ignore them; anything malformed is a 400 with fields.
 */

/**
 * Game types (spec §3). BINGO is a query alias: bingo games are stored and shown as type RNG with
 * gameClassify BG. ESPORTS and COCKFIGHT are their own categories, split out of SPORTS by vendor.
 * ALL means no type filter.
 */
export const GAME_TYPES = [
  'RNG',
  'FISH',
  'LIVE',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
  'INHOUSE',
  'BINGO',
  'ALL',
] as const;
export const GameTypeSchema = z.enum(GAME_TYPES);
export type GameType = z.infer<typeof GameTypeSchema>;

export { GAME_CATEGORIES };
export const GameCategorySchema = z.enum(GAME_CATEGORIES);
export type GameCategory = z.infer<typeof GameCategorySchema>;

/** Classifications: BG marks bingo, NEW marks new games (isNew=1). */
export const GAME_CLASSIFY = ['BG', 'NEW'] as const;

/** Spec §9 constants for the lobby. */
export const LOBBY_LIMITS = {
  gamePageSize: 36,
  gamePageSizeMax: 100,
  favouritePageSizeMax: 200,
  recentPageSize: 36,
  winnerLimit: 20,
  hotInitial: 6,
} as const;

/** Paths of the lobby APIs (the spec's where it names them; the rest in the same families). */
export const LOBBY_PATHS = {
  vendorTypes: '/wps/relay/GCSGAME_getVassGameType',
  gameList: '/wps/relay/GCSGAME_gameList',
  hotGames: '/wps/relay/GCSGAME_hotGamesV2',
  popularGames: '/lgw/games/popular',
  addFavourite: '/wps/relay/MCSFE_addFavoriteGameV2',
  removeFavourite: '/wps/relay/MCSFE_removeFavoriteGameV2',
  favouriteIds: '/wps/relay/MCSFE_getFavoriteGames',
  favouriteList: '/wps/relay/MCSFE_getFavoriteGamesList',
  /** GET with query or POST with body: nodeId (or gameId), vendor. */
  addRecent: '/wps/relay/MCSFE_addRecentGame',
  recentList: '/wps/relay/MCSFE_getRecentGames',
  winners: '/wps/relay/GCSGAME_getRankList',
  jackpot: '/wps/game/jackpot',
  launch: '/wps/game/launchGame',
  announcements: '/wps/relay/MCSFE_getListAnnouncements',
  /** POST { announcementId, read: true }. */
  markRead: '/wps/relay/MCSFE_readAnnouncement',
  lobbyNews: '/wps/relay/GLS2_lobbyNews',
} as const;

export const ESPORTS_VENDORS = ['AV', 'AI', 'IMES', 'TF', 'IA'] as const;
export const COCKFIGHT_VENDORS = ['SV3', 'DS88', 'DIG', 'WGB', 'WS168'] as const;
export const IN_HOUSE_VENDOR = 'BGS';
export const HOME_PROVIDERS = ['JILI', 'FC', 'PGE'] as const;

// ---------- shared query pieces ----------

/** A blank query value (`gameType=`, `vassalage=`) means the parameter is absent, as old clients send it. */
const blank = (v: unknown) => (v === '' ? undefined : v);
const typeParam = z.preprocess(blank, z.string().trim().toUpperCase().pipe(GameTypeSchema).default('ALL'));

const flag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');
const pageNo = z.coerce.number().int().min(1).max(100000).default(1);
const vendorCode = z
  .string()
  .trim()
  .max(16)
  .regex(/^[A-Za-z0-9_]*$/);
/** Parameters clients send that carry no meaning here (merchant, platform, clientType…). */
const ignored = {
  merchant: z.string().max(64).optional(),
  merchantCode: z.string().max(64).optional(),
  merchant_code: z.string().max(64).optional(),
  platform: z.string().max(16).optional(),
  clientType: z.string().max(8).optional(),
  token: z.string().max(512).optional(),
};
const languageParam = z.preprocess(
  blank,
  z.string().trim().toUpperCase().pipe(LanguageCodeSchema).optional(),
);

// ---------- entities ----------

/** One game of the catalogue (spec §3 Game, plus a few fields the lobby renders). */
export const GameSchema = z.object({
  /** Catalogue id; what favourites, recent games and launch name. */
  nodeId: z.number(),
  nodeName: z.string(),
  /** Stable external id, equal to gameCode. */
  gameId: z.string(),
  gameName: z.string(),
  /** Never BINGO (bingo is RNG + gameClassify BG); ESPORTS and COCKFIGHT games carry their own type. */
  gameType: GameTypeSchema,
  /** Lobby category: ESPORTS/COCKFIGHT split from SPORTS by vendor, BINGO for gameClassify BG. */
  gameCategory: GameCategorySchema,
  /** Vendor code. */
  vassalage: z.string(),
  vendorName: z.string(),
  /** 'BG' for bingo, 'NEW' for a new game, '' otherwise. */
  gameClassify: z.string(),
  gameCode: z.string(),
  iconUrl: z.string(),
  showIcon: z.boolean(),
  isGameH5: z.boolean(),
  freeplay: z.boolean(),
  supportPlay: z.boolean(),
  lottoMode: z.string().nullable(),
  roomId: z.string().nullable(),
  mobileLargeIcon: z.string(),
  isNew: z.boolean(),
  isHot: z.boolean(),
  /** Smallest stake, e.g. "0.20". */
  minBet: MoneySchema,
  /** Paylines (0 when not a line game). */
  lines: z.number(),
  /** Icon size in px (square). */
  iconWidth: z.number(),
  iconHeight: z.number(),
});
export type Game = z.infer<typeof GameSchema>;

/** A vendor (spec §3 Vendor). Its icon is `/lgw/art/vendors/{code}-BLACK.png` (a PNG). */
export const VendorSchema = z.object({
  /** Vendor code; empty means all vendors. */
  vassalage: z.string(),
  displayName: z.string(),
  gameCategory: GameCategorySchema,
  gameCount: z.number(),
  iconUrl: z.string(),
  /** False when the operator has no credentials for it: launch answers VENDOR_NOT_CONNECTED. */
  connected: z.boolean(),
});
export type Vendor = z.infer<typeof VendorSchema>;

// ---------- GET /wps/relay/GCSGAME_getVassGameType ----------

export const VassGameTypeQuerySchema = z.object({
  ...ignored,
  typeId: z.string().max(8).optional(),
  language: languageParam,
});
export const VassGameTypeEntrySchema = z.object({
  gameCategory: GameCategorySchema,
  gameCount: z.number(),
  vendors: z.array(VendorSchema),
});
export const VassGameTypeSchema = z.object({ categories: z.array(VassGameTypeEntrySchema) });
export type VassGameType = z.infer<typeof VassGameTypeSchema>;

// ---------- GET /wps/relay/GCSGAME_gameList ----------

export const GameListQuerySchema = z.object({
  ...ignored,
  /** Case-insensitive "contains" on the game name. */
  gameName: z.preprocess(blank, z.string().trim().max(64).optional()),
  gameType: typeParam,
  pageNo,
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(LOBBY_LIMITS.gamePageSizeMax)
    .default(LOBBY_LIMITS.gamePageSize),
  /** Vendor code; empty means all. */
  vassalage: z.preprocess(blank, vendorCode.optional()),
  /** 'BG' or 'NEW' (empty means any). */
  gameClassify: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(['', ...GAME_CLASSIFY]))
    .optional(),
  /** Games whose smallest stake is at most this amount ("0.50"). */
  minBet: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .regex(/^\d{1,9}(\.\d{1,2})?$/)
      .optional(),
  ),
  /** Games with at least this many paylines. */
  minLine: z.preprocess(blank, z.coerce.number().int().min(0).max(100000).optional()),
  isNew: z.preprocess(blank, flag.optional()),
  language: languageParam,
});
export type GameListQuery = z.infer<typeof GameListQuerySchema>;

export const GameListSchema = z.object({
  games: z.array(GameSchema),
  pageNum: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
});
export type GameList = z.infer<typeof GameListSchema>;

// ---------- GET /wps/relay/GCSGAME_hotGamesV2, GET /lgw/games/popular ----------

export const HotGamesQuerySchema = z.object({
  ...ignored,
  isPlatform: z.string().max(8).optional(),
  gameType: typeParam,
  language: languageParam,
});
export const GamesSchema = z.object({ games: z.array(GameSchema) });

// ---------- favourites ----------

/** Body of MCSFE_addFavoriteGameV2 / MCSFE_removeFavoriteGameV2: nodeId (or gameId) and vendor. */
export const FavouriteBodySchema = z
  .object({
    nodeId: z.coerce.number().int().min(1).max(2_000_000_000).optional(),
    gameId: z.string().trim().min(1).max(64).optional(),
    vendor: vendorCode.optional(),
    token: z.string().max(512).optional(),
  })
  .refine((b) => b.nodeId !== undefined || b.gameId !== undefined, {
    message: 'required',
    path: ['nodeId'],
  });
export type FavouriteBody = z.infer<typeof FavouriteBodySchema>;
export const FavouriteResultSchema = z.object({ nodeId: z.number(), isFavorite: z.boolean() });

export const FavouriteIdsSchema = z.object({ ids: z.array(z.number()) });
export const FavouriteIdsQuerySchema = z.object({ ...ignored, language: languageParam });

export const FavouriteListQuerySchema = z.object({
  ...ignored,
  pageNo,
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(LOBBY_LIMITS.favouritePageSizeMax)
    .default(LOBBY_LIMITS.gamePageSize),
  gameType: typeParam,
  vendor: z.preprocess(blank, vendorCode.optional()),
  language: languageParam,
});
export const FavouriteListSchema = z.object({
  content: z.array(GameSchema),
  pageNum: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
});

// ---------- recent games ----------

/** GET (or POST) /wps/relay/MCSFE_addRecentGame: the game just opened. */
export const RecentAddSchema = z
  .object({
    ...ignored,
    nodeId: z.coerce.number().int().min(1).max(2_000_000_000).optional(),
    gameId: z.string().trim().min(1).max(64).optional(),
    vendor: vendorCode.optional(),
  })
  .refine((b) => b.nodeId !== undefined || b.gameId !== undefined, {
    message: 'required',
    path: ['nodeId'],
  });
export const RecentAddResultSchema = z.object({ nodeId: z.number(), playedAt: z.number() });

/** GET /wps/relay/MCSFE_getRecentGames; `page` (spec) and `pageNo` are synonyms. */
export const RecentListQuerySchema = z.object({
  ...ignored,
  page: z.coerce.number().int().min(1).max(100000).optional(),
  pageNo: z.coerce.number().int().min(1).max(100000).optional(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(LOBBY_LIMITS.gamePageSizeMax)
    .default(LOBBY_LIMITS.recentPageSize),
  gameType: typeParam,
  vendor: z.preprocess(blank, vendorCode.optional()),
  language: languageParam,
});
export const RecentListSchema = z.object({
  list: z.array(GameSchema.extend({ playedAt: z.number() })),
  pageNum: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
});

// ---------- winner board: GET /wps/relay/GCSGAME_getRankList ----------

export const RankListQuerySchema = z.object({
  ...ignored,
  gameCategory: typeParam,
  language: languageParam,
  limitNum: z.coerce.number().int().min(1).max(LOBBY_LIMITS.winnerLimit).default(LOBBY_LIMITS.winnerLimit),
  imgSize: z.string().max(8).optional(),
});
/** Spec §3 Winner entry: `vo` with iconUrl, gameName, customerName (masked, `jo***n`), winAmount. */
export const WinnerEntrySchema = z.object({
  vo: z.object({
    iconUrl: z.string(),
    gameName: z.string(),
    customerName: z.string(),
    winAmount: MoneySchema,
    nodeId: z.number(),
    gameCode: z.string(),
    vassalage: z.string(),
    gameType: GameTypeSchema,
    wonAt: z.number(),
  }),
});
export type WinnerEntry = z.infer<typeof WinnerEntrySchema>;
export const RankListSchema = z.object({
  list: z.array(WinnerEntrySchema),
  /** The currency as the site shows it beside amounts ("₱"). */
  currencySymbol: z.string().optional(),
});
export type RankList = z.infer<typeof RankListSchema>;

// ---------- jackpot: GET /wps/game/jackpot ----------

export const JackpotSchema = z.object({
  /** The pool's true value now. */
  amount: MoneySchema,
  currency: z.string(),
  /** The currency as the site shows it beside amounts ("₱"). */
  currencySymbol: z.string(),
  /**
   * The published chance of a hit: an in-house round wins the whole pool with probability
   * stake ÷ `stakeForCertainHit` (a 1.00 stake once in 20,000,000 rounds).
   */
  stakeForCertainHit: MoneySchema,
  /** Value the pool restarts from after a hit. */
  seed: MoneySchema,
  /** The pool never grows past this; contributions above it are not taken. */
  ceiling: MoneySchema,
  /** Share of each in-house stake paid into the pool, in basis points (100 = 1%). */
  contributionBps: z.number(),
  updatedAt: z.number(),
});
export type Jackpot = z.infer<typeof JackpotSchema>;

// ---------- jackpot hits: GET /wps/game/jackpot/hits ----------

export const JackpotHitSchema = z.object({
  gameName: z.string(),
  /** The winner's name, masked as on the winner board. */
  customerName: z.string(),
  amount: MoneySchema,
  wonAt: z.number(),
});
export const JackpotHitsSchema = z.object({
  currencySymbol: z.string(),
  list: z.array(JackpotHitSchema),
});
export type JackpotHits = z.infer<typeof JackpotHitsSchema>;

// ---------- launch: GET /wps/game/launchGame ----------

export const LaunchQuerySchema = z
  .object({
    ...ignored,
    nodeId: z.coerce.number().int().min(1).max(2_000_000_000).optional(),
    gameCode: z.string().trim().min(1).max(64).optional(),
    vassalage: vendorCode.optional(),
    language: languageParam,
    /** LOTT/ELOTT play type: trad or ent. */
    playType: z.enum(['trad', 'ent']).optional(),
    /** Prize mode a lottery vendor opens in (SEA for TCG_SEA). */
    prizeMode: z.enum(['Lott', 'ZY', 'Elott', 'SEA']).optional(),
    /** `1`: free play with play money (member types 0, 1 and 2 only, others FREE_REJECT). */
    freeplay: z.enum(['0', '1', 'true', 'false']).optional(),
    /** The lobby page to come back to (a path under /m/); a game on another site shows it as "back". */
    returnUrl: z
      .string()
      .max(500)
      .regex(/^\/m(\/[^\s]*)?$/, 'invalidFormat')
      .optional(),
  })
  .refine((q) => q.nodeId !== undefined || q.gameCode !== undefined, {
    message: 'required',
    path: ['nodeId'],
  });
export const LaunchResultSchema = z.object({
  /** Where the client goes to play (same-origin path for in-house games). */
  url: z.string(),
  nodeId: z.number(),
  gameCode: z.string(),
  vassalage: z.string(),
  /** Play money, no stakes. */
  freeplay: z.boolean(),
  /** The reference provider's demo title stands in for this vendor's game (demo mode). */
  demo: z.boolean(),
});

/** Special launch rules of the spec (§2): these vendors open in their own modes. */
export const VN_LOTTO_VENDOR = 'TCG_LOTTO_VN';
export const SEA_LOTTO_VENDOR = 'TCG_SEA';
export const SEA_PRIZE_MODE = 'SEA';

// ---------- demo vendors: POST /wps/provider/session (provider -> us, signed) ----------

/** How long a demo launch token may wait to be exchanged by the provider. */
export const DEMO_LAUNCH_TOKEN_TTL_MS = 5 * 60_000;
export const ProviderSessionRequestSchema = z.object({ token: z.string().min(16).max(128) }).strict();
/** Who a launch token was issued to; the provider plays for this member only. */
export const ProviderSessionSchema = z.object({
  userName: z.string(),
  currency: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  /** The game's category (RNG, LIVE, FISH, SPORTS, …), so the provider opens a fitting screen. */
  gameType: z.string().default('RNG'),
  language: z.string(),
  freeplay: z.boolean(),
  /** Absolute address of the lobby page to go back to. */
  returnUrl: z.string(),
});
export type ProviderSession = z.infer<typeof ProviderSessionSchema>;

/** How long a launch token (any vendor's, demo or connected) may wait to be exchanged. */
export const LAUNCH_TOKEN_TTL_MS = DEMO_LAUNCH_TOKEN_TTL_MS;
/**
 * `POST /wps/provider/wallet/authenticate {token}`, signed as the vendor the token was issued for:
 * the member the launch is for, the game, language and currency it is bound to, and the member's
 * wallet balance now (for a transfer-mode vendor, the main wallet's: the vendor keeps its own).
 */
export const ProviderAuthenticateSchema = ProviderSessionSchema.extend({ balance: z.string() });
export type ProviderAuthenticate = z.infer<typeof ProviderAuthenticateSchema>;

// ---------- back office: vendors ----------

export const WALLET_MODES = ['seamless', 'transfer'] as const;
export const BoVendorSchema = z.object({
  code: z.string(),
  displayName: z.string(),
  gameCategory: GameCategorySchema,
  enabled: z.boolean(),
  walletMode: z.enum(WALLET_MODES),
  /** Whether a secret is set; the secret itself is never returned. */
  hasSecret: z.boolean(),
  launchUrl: z.string().nullable(),
  /** Base address of a transfer-mode vendor's API (the launch address when null). */
  apiUrl: z.string().nullable(),
  connected: z.boolean(),
  gameCount: z.number(),
});
export const BoVendorUpdateSchema = z
  .object({
    enabled: z.boolean().optional(),
    walletMode: z.enum(WALLET_MODES).optional(),
    /** Shared HMAC secret; empty string clears it. */
    secret: z.string().max(256).optional(),
    /** The vendor's game launch address (https://…); empty string clears it. */
    launchUrl: z
      .union([
        z.literal(''),
        z
          .string()
          .max(1000)
          .regex(/^https?:\/\/[^\s]+$/, 'invalidFormat'),
      ])
      .optional(),
    /** A transfer-mode vendor's API base address (http(s)://…); empty string clears it. */
    apiUrl: z
      .union([
        z.literal(''),
        z
          .string()
          .max(1000)
          .regex(/^https?:\/\/[^\s]+$/, 'invalidFormat'),
      ])
      .optional(),
  })
  .strict();
export const BoVendorParamsSchema = z.object({ code: vendorCode.min(1) });

/** A generated artwork file: `{code}.webp`, `.png` or `.svg`; a vendor's also `{code}-BLACK.png`. */
export const ArtParamsSchema = z.object({ file: z.string().max(120) });

// keep the ignored-params helper private but reusable by content.ts
export { ignored as lobbyIgnoredParams, languageParam as lobbyLanguageParam };

// ---------- back office: the game catalogue (issue 23) ----------

/** GET /bo/api/games: the operator's whole catalogue, enabled or not, filtered and a page at a time. */
export const BoGameQuerySchema = z
  .object({
    vendor: z.preprocess((v) => (v === '' ? undefined : v), vendorCode.min(1).optional()),
    q: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(60, 'tooLong').optional()),
    /** `hot`: the hot list in its order; `disabled`: games players do not see. */
    show: z.enum(['all', 'hot', 'new', 'disabled']).default('all'),
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type BoGameQuery = z.infer<typeof BoGameQuerySchema>;

export const BoGameSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  vendor: z.string(),
  gameType: z.string(),
  iconUrl: z.string(),
  enabled: z.boolean(),
  /** The vendor is on too: only then do players see the game. */
  vendorEnabled: z.boolean(),
  isNew: z.boolean(),
  /** Place in the hot list (1 first); 0 when not hot. */
  hotRank: z.number(),
  sort: z.number(),
});
export type BoGame = z.infer<typeof BoGameSchema>;
export const BoGamePageSchema = z.object({
  list: z.array(BoGameSchema),
  pageNo: z.number(),
  pageSize: z.number(),
  totalCount: z.number(),
  totalPages: z.number(),
});
export type BoGamePage = z.infer<typeof BoGamePageSchema>;

/** PUT /bo/api/games/{id}: the fields an operator may change; the rest belongs to the vendor. */
export const BoGameUpdateSchema = z
  .object({
    enabled: z.boolean().optional(),
    name: z.string().trim().min(1, 'required').max(120, 'tooLong').optional(),
    isNew: z.boolean().optional(),
    hotRank: z.number().int().min(0).max(999).optional(),
    sort: z.number().int().min(0).max(100_000).optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'required', path: ['enabled'] });
export const BoGameParamsSchema = z
  .object({ id: z.coerce.number().int().min(1).max(2_000_000_000) })
  .strict();
