import { formatMinor, parseMinor } from '@playhouse/contract/envelope';
import {
  type BoGame,
  type BoGamePage,
  type BoGameQuery,
  GAME_CATEGORIES,
  IN_HOUSE_VENDOR,
  type Game,
  type GameCategory,
  type GameList,
  type GameListQuery,
  type GameType,
  type Vendor,
  type VassGameType,
} from '@playhouse/contract/games';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { ChangeBus } from '../operators/settings.service.ts';
import type { SecretBox } from '../system/secret-box.ts';
import { GAME_ART_SIZE } from './game-art.ts';
import { sharedBody, type SharedBody } from '../../lib/shared-body.ts';
import * as repo from './games.repository.ts';
import type { GameRow, VendorRow } from './games.repository.ts';

/** Purpose the vendor wallet secrets are sealed for (bound into the ciphertext). */
const VENDOR_SECRET = 'vendor-secret';
/** How long an instance trusts its copy without hearing of a change (safety net for missed events). */
const CATALOGUE_TTL_MS = 60_000;
/** Serialised answers kept per operator before the memo starts over. */
const MEMO_LIMIT = 2000;

export interface Catalogue {
  /** Enabled games of enabled vendors, in lobby order. */
  games: Game[];
  /** Every game, enabled or not, by node id and by code (art, launch, favourites). */
  byId: Map<number, Game>;
  byCode: Map<string, Game>;
  enabledIds: Set<number>;
  vendors: Map<string, VendorRow & { connected: boolean }>;
  vendorTypes: VassGameType;
  hot: Game[];
  /** Serialised envelopes of shared reads, by request key. */
  memo: Map<string, SharedBody>;
  loadedAt: number;
}

function buildListKey(q: GameListQuery): string {
  return JSON.stringify([
    'list',
    q.gameType,
    q.gameName?.toLowerCase() ?? '',
    q.vassalage?.toUpperCase() ?? '',
    q.gameClassify ?? '',
    q.minBet ?? '',
    q.minLine ?? '',
    q.isNew ?? '',
    q.pageNo,
    q.pageSize,
  ]);
}

/**
 * Memo keys of frozen game-list queries: the route's query validator hands every request with the
 * same query string one shared, frozen object (decision 008), so its key is built once. A query
 * that is not frozen could still change, so its key is built each time.
 */
const listKeys = new WeakMap<GameListQuery, string>();

export function listKey(q: GameListQuery): string {
  if (!Object.isFrozen(q)) return buildListKey(q);
  let key = listKeys.get(q);
  if (key === undefined) {
    key = buildListKey(q);
    listKeys.set(q, key);
  }
  return key;
}

/** A vendor can take players: the in-house vendor always, others once credentials and an address exist. */
export function isConnected(vendor: VendorRow): boolean {
  if (!vendor.enabled) return false;
  return vendor.code === IN_HOUSE_VENDOR || Boolean(vendor.secret_sealed && vendor.launch_url);
}

export const gameIconUrl = (code: string) => `/lgw/art/games/${encodeURIComponent(code)}.webp`;
export const vendorIconUrl = (code: string) => `/lgw/art/vendors/${encodeURIComponent(code)}-BLACK.png`;

function toGame(row: GameRow, vendor: VendorRow | undefined, connected: boolean): Game {
  const isNew = Boolean(row.is_new);
  const icon = gameIconUrl(row.code);
  return {
    nodeId: Number(row.id),
    nodeName: row.name,
    gameId: row.code,
    gameName: row.name,
    gameType: row.game_type as GameType,
    gameCategory: row.category as GameCategory,
    vassalage: row.vendor_code,
    vendorName: vendor?.display_name ?? row.vendor_code,
    gameClassify: row.classify || (isNew ? 'NEW' : ''),
    gameCode: row.code,
    iconUrl: icon,
    showIcon: true,
    isGameH5: true,
    freeplay: Boolean(row.freeplay),
    supportPlay: connected,
    lottoMode: row.lotto_mode,
    roomId: row.room_id,
    mobileLargeIcon: icon,
    isNew,
    isHot: Number(row.hot_rank) > 0,
    minBet: formatMinor(Number(row.min_bet)),
    lines: Number(row.lines),
    iconWidth: GAME_ART_SIZE,
    iconHeight: GAME_ART_SIZE,
  };
}

/** Whether a game belongs to a requested type: RNG includes bingo (RNG + BG); the rest go by category. */
export function matchesType(game: Game, type: GameType): boolean {
  if (type === 'ALL') return true;
  if (type === 'RNG') return game.gameType === 'RNG';
  return game.gameCategory === type;
}

/**
 * Providers a search text names: its code, or the start of its name (spaces ignored), from two
 * characters on. A player who types "jili" or "pg soft" gets that provider's games.
 */
function providersNamed(catalogue: Catalogue, text: string): Set<string> {
  const wanted = text.replace(/\s+/g, '').toLowerCase();
  const found = new Set<string>();
  if (wanted.length < 2) return found;
  for (const v of catalogue.vendors.values()) {
    const name = v.display_name.replace(/\s+/g, '').toLowerCase();
    if (v.code.toLowerCase() === wanted || name.startsWith(wanted)) found.add(v.code);
  }
  return found;
}

function buildVendorTypes(games: Game[], vendors: Catalogue['vendors']): VassGameType {
  const categories: VassGameType['categories'] = [];
  for (const category of GAME_CATEGORIES) {
    const counts = new Map<string, number>();
    for (const g of games)
      if (g.gameCategory === category) counts.set(g.vassalage, (counts.get(g.vassalage) ?? 0) + 1);
    if (counts.size === 0) continue;
    const list: Vendor[] = [...vendors.values()]
      .filter((v) => counts.has(v.code))
      .map((v) => ({
        vassalage: v.code,
        displayName: v.display_name,
        gameCategory: category,
        gameCount: counts.get(v.code)!,
        iconUrl: vendorIconUrl(v.code),
        connected: v.connected,
      }));
    categories.push({
      gameCategory: category,
      gameCount: list.reduce((n, v) => n + v.gameCount, 0),
      vendors: list,
    });
  }
  return { categories };
}

/**
 * The game catalogue of each operator, held in memory: lists, vendor types and hot games are
 * answered from it (and their serialised answers memoised) until a change invalidates it, here
 * or on another instance through the change bus.
 */
export function createCatalogueService(db: Db, audit: AuditService, bus: ChangeBus, secrets: SecretBox) {
  const cache = new Map<number, Catalogue>();
  // Opened wallet secrets by vendor row: a reloaded catalogue brings new rows, so a changed secret is
  // never answered from here.
  const openedSecrets = new WeakMap<VendorRow, Buffer | null>();
  const loading = new Map<number, Promise<Catalogue>>();
  // A load that started before an invalidation must not repopulate the cache with old data.
  const generation = new Map<number, number>();
  bus.subscribe((operatorId) => drop(operatorId));

  function drop(operatorId: number) {
    cache.delete(operatorId);
    loading.delete(operatorId);
    generation.set(operatorId, (generation.get(operatorId) ?? 0) + 1);
  }

  async function load(operatorId: number): Promise<Catalogue> {
    const [vendorRows, gameRows] = await Promise.all([
      repo.listVendors(db, operatorId),
      repo.listGames(db, operatorId),
    ]);
    const vendors = new Map(vendorRows.map((v) => [v.code, { ...v, connected: isConnected(v) }]));
    const byId = new Map<number, Game>();
    const byCode = new Map<string, Game>();
    const games: Game[] = [];
    const enabledIds = new Set<number>();
    for (const row of gameRows) {
      const vendor = vendors.get(row.vendor_code);
      const game = toGame(row, vendor, vendor?.connected ?? false);
      byId.set(game.nodeId, game);
      byCode.set(game.gameCode.toUpperCase(), game);
      if (row.enabled && vendor?.enabled) {
        games.push(game);
        enabledIds.add(game.nodeId);
      }
    }
    const hotRank = new Map(gameRows.map((r) => [Number(r.id), Number(r.hot_rank)]));
    const hot = games.filter((g) => g.isHot).sort((a, b) => hotRank.get(a.nodeId)! - hotRank.get(b.nodeId)!);
    return {
      games,
      byId,
      byCode,
      enabledIds,
      vendors,
      vendorTypes: buildVendorTypes(games, vendors),
      hot,
      memo: new Map(),
      loadedAt: now(),
    };
  }

  /** This instance's copy while it is fresh, without waiting; otherwise undefined. */
  function fresh(operatorId: number): Catalogue | undefined {
    const hit = cache.get(operatorId);
    return hit && now() - hit.loadedAt < CATALOGUE_TTL_MS ? hit : undefined;
  }

  async function get(operatorId: number): Promise<Catalogue> {
    const hit = fresh(operatorId);
    if (hit) return hit;
    let pending = loading.get(operatorId);
    if (!pending) {
      const gen = generation.get(operatorId) ?? 0;
      pending = load(operatorId).then((catalogue) => {
        if ((generation.get(operatorId) ?? 0) === gen) cache.set(operatorId, catalogue);
        return catalogue;
      });
      const mine = pending;
      mine
        .finally(() => {
          if (loading.get(operatorId) === mine) loading.delete(operatorId);
        })
        .catch(() => undefined);
      loading.set(operatorId, mine);
    }
    return pending;
  }

  const hotLists = new WeakMap<Catalogue, { games: Game[] }>();

  function memo(catalogue: Catalogue, key: string, build: () => unknown): SharedBody {
    const hit = catalogue.memo.get(key);
    if (hit !== undefined) return hit;
    if (catalogue.memo.size >= MEMO_LIMIT) catalogue.memo.clear();
    const body = sharedBody(build());
    catalogue.memo.set(key, body);
    return body;
  }

  /** Forgets an operator's catalogue here and on every other instance. */
  function invalidate(operatorId: number) {
    drop(operatorId);
    bus.publish(operatorId);
  }

  async function boVendors(operatorId: number) {
    const catalogue = await get(operatorId);
    const counts = new Map<string, number>();
    for (const g of catalogue.byId.values()) counts.set(g.vassalage, (counts.get(g.vassalage) ?? 0) + 1);
    return [...catalogue.vendors.values()].map((v) => ({
      code: v.code,
      displayName: v.display_name,
      gameCategory: v.category as GameCategory,
      enabled: Boolean(v.enabled),
      walletMode: v.wallet_mode,
      hasSecret: Boolean(v.secret_sealed),
      launchUrl: v.launch_url,
      apiUrl: v.api_url ?? null,
      connected: v.connected,
      gameCount: counts.get(v.code) ?? 0,
    }));
  }

  function filterGames(catalogue: Catalogue, q: GameListQuery): Game[] {
    const type = q.gameType;
    const name = q.gameName?.toLowerCase();
    const vendor = q.vassalage?.toUpperCase();
    const maxBet = q.minBet !== undefined ? parseMinor(q.minBet) : undefined;
    const byProvider = name ? providersNamed(catalogue, name) : new Set<string>();
    return catalogue.games.filter(
      (g) =>
        matchesType(g, type) &&
        (!vendor || g.vassalage === vendor) &&
        (!name || g.gameName.toLowerCase().includes(name) || byProvider.has(g.vassalage)) &&
        (!q.gameClassify || (q.gameClassify === 'NEW' ? g.isNew : g.gameClassify === q.gameClassify)) &&
        (maxBet === undefined || (parseMinor(g.minBet) ?? 0) <= maxBet) &&
        (q.minLine === undefined || g.lines >= q.minLine) &&
        (!q.isNew || g.isNew),
    );
  }

  function listPage(catalogue: Catalogue, q: GameListQuery): SharedBody {
    return memo(catalogue, listKey(q), (): GameList => {
      const all = filterGames(catalogue, q);
      const start = (q.pageNo - 1) * q.pageSize;
      return {
        games: all.slice(start, start + q.pageSize),
        pageNum: q.pageNo,
        pageSize: q.pageSize,
        totalPages: Math.ceil(all.length / q.pageSize),
        totalCount: all.length,
      };
    });
  }

  return {
    catalogue: get,

    invalidate,

    /** One page of the game list, serialised once and shared (spec §7 GCSGAME_gameList). */
    async gameList(operatorId: number, q: GameListQuery): Promise<SharedBody> {
      return listPage(await get(operatorId), q);
    },

    /**
     * The same page at once when this instance holds a fresh catalogue (nearly always), so the route
     * can answer without a trip through the promise queue; undefined when the catalogue must be read.
     */
    gameListNow(operatorId: number, q: GameListQuery): SharedBody | undefined {
      const catalogue = fresh(operatorId);
      return catalogue && listPage(catalogue, q);
    },

    async vendorTypes(operatorId: number): Promise<SharedBody> {
      const catalogue = await get(operatorId);
      return memo(catalogue, 'types', () => catalogue.vendorTypes);
    },

    /**
     * The hot list of every type as data: home's page carries it for its first screen. The same
     * object until the catalogue changes, so what is derived from it can be kept by it.
     */
    async hotGames(operatorId: number): Promise<{ games: Game[] }> {
      const catalogue = await get(operatorId);
      let hot = hotLists.get(catalogue);
      if (!hot) {
        hot = { games: catalogue.hot };
        hotLists.set(catalogue, hot);
      }
      return hot;
    },

    async hot(operatorId: number, type: GameType): Promise<SharedBody> {
      const catalogue = await get(operatorId);
      return memo(catalogue, `hot:${type}`, () => ({
        games: catalogue.hot.filter((g) => matchesType(g, type)),
      }));
    },

    /** A game a member names, by node id or code; only games that are open to play. */
    async findOpenGame(
      operatorId: number,
      ref: { nodeId?: number | undefined; gameId?: string | undefined },
    ) {
      const catalogue = await get(operatorId);
      const game =
        ref.nodeId !== undefined
          ? catalogue.byId.get(ref.nodeId)
          : catalogue.byCode.get(ref.gameId!.toUpperCase());
      if (!game || !catalogue.enabledIds.has(game.nodeId)) throw new AppError('NOT_FOUND');
      return { game, vendor: catalogue.vendors.get(game.vassalage)! };
    },

    /**
     * A vendor allowed to call the wallet API: enabled, with a secret, and that secret opened. The
     * secret never leaves the server; callers only verify signatures with it.
     */
    async walletVendor(operatorId: number, code: string) {
      const vendor = (await get(operatorId)).vendors.get(code);
      if (!vendor?.enabled || !vendor.secret_sealed) return undefined;
      let secret = openedSecrets.get(vendor);
      if (secret === undefined) {
        try {
          secret = Buffer.from(secrets.open(VENDOR_SECRET, vendor.secret_sealed), 'utf8');
        } catch {
          // Sealed under another key (SECRETS_KEY changed): the vendor cannot sign until it is set again.
          secret = null;
        }
        openedSecrets.set(vendor, secret);
      }
      return secret
        ? {
            code: vendor.code,
            walletMode: vendor.wallet_mode,
            secret,
            launchUrl: vendor.launch_url,
            apiUrl: vendor.api_url ?? null,
          }
        : undefined;
    },

    /**
     * Seals wallet secrets an earlier version stored in plain text (run once at start-up; a no-op
     * once none are left).
     */
    async sealStoredSecrets(): Promise<number> {
      const plain = await repo.listPlainVendorSecrets(db);
      for (const row of plain)
        await repo.sealVendorSecret(db, Number(row.id), row.secret, secrets.seal(VENDOR_SECRET, row.secret));
      return plain.length;
    },

    // ---------- back office ----------

    boVendors,

    async updateVendor(
      operatorId: number,
      code: string,
      patch: {
        enabled?: boolean | undefined;
        walletMode?: 'seamless' | 'transfer' | undefined;
        secret?: string | undefined;
        launchUrl?: string | undefined;
        apiUrl?: string | undefined;
      },
      actor: { type: string; id: string; ip: string },
    ) {
      const changed = await repo.updateVendor(
        db,
        operatorId,
        code.toUpperCase(),
        {
          ...(patch.enabled !== undefined ? { enabled: patch.enabled ? 1 : 0 } : {}),
          ...(patch.walletMode !== undefined ? { wallet_mode: patch.walletMode } : {}),
          // Sealed at rest (purpose-bound AES-GCM); the plain column stays empty.
          ...(patch.secret !== undefined
            ? { secret: null, secret_sealed: patch.secret ? secrets.seal(VENDOR_SECRET, patch.secret) : null }
            : {}),
          ...(patch.launchUrl !== undefined ? { launch_url: patch.launchUrl || null } : {}),
          ...(patch.apiUrl !== undefined ? { api_url: patch.apiUrl || null } : {}),
        },
        now(),
      );
      if (!changed) throw new AppError('NOT_FOUND');
      await audit.record({
        operatorId,
        actorType: actor.type,
        actorId: actor.id,
        action: 'vendor.update',
        target: `vendor:${code.toUpperCase()}`,
        // The secret itself never reaches the audit log.
        detail: {
          enabled: patch.enabled,
          walletMode: patch.walletMode,
          launchUrl: patch.launchUrl,
          apiUrl: patch.apiUrl,
          secretChanged: patch.secret !== undefined,
        },
        ip: actor.ip,
      });
      invalidate(operatorId);
      const vendors = await boVendors(operatorId);
      return vendors.find((v) => v.code === code.toUpperCase())!;
    },

    /** The whole catalogue for the back office, disabled games included, straight from the database. */
    async boGames(operatorId: number, query: BoGameQuery): Promise<BoGamePage> {
      const { rows, total } = await repo.listBoGames(
        db,
        operatorId,
        { vendor: query.vendor, q: query.q, show: query.show },
        { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
      );
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          code: r.code,
          name: r.name,
          vendor: r.vendor_code,
          gameType: r.game_type,
          iconUrl: gameIconUrl(r.code),
          enabled: Boolean(r.enabled),
          vendorEnabled: Boolean(r.vendor_enabled),
          isNew: Boolean(r.is_new),
          hotRank: Number(r.hot_rank),
          sort: Number(r.sort),
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /**
     * Changes one game's switch, name, flags, hot place or order (audited with before and after) and
     * drops the operator's catalogue here and on every instance, so the lobby shows it on its next read.
     */
    async updateGame(
      operatorId: number,
      id: number,
      patch: { enabled?: boolean; name?: string; isNew?: boolean; hotRank?: number; sort?: number },
      actor: { type: string; id: string; ip: string },
    ): Promise<BoGame> {
      const before = await repo.findOperatorGame(db, operatorId, id);
      if (!before) throw new AppError('NOT_FOUND');
      await db.transaction().execute(async (trx) => {
        await repo.updateGame(trx, operatorId, id, {
          ...(patch.enabled !== undefined ? { enabled: patch.enabled ? 1 : 0 } : {}),
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.isNew !== undefined ? { is_new: patch.isNew ? 1 : 0 } : {}),
          ...(patch.hotRank !== undefined ? { hot_rank: patch.hotRank } : {}),
          ...(patch.sort !== undefined ? { sort: patch.sort } : {}),
        });
        await audit.record(
          {
            operatorId,
            actorType: actor.type,
            actorId: actor.id,
            action: 'game.update',
            target: `game:${before.code}`,
            detail: {
              before: {
                enabled: Boolean(before.enabled),
                name: before.name,
                isNew: Boolean(before.is_new),
                hotRank: Number(before.hot_rank),
                sort: Number(before.sort),
              },
              after: patch,
            },
            ip: actor.ip,
          },
          trx,
        );
      });
      invalidate(operatorId);
      const page = await repo.listBoGames(
        db,
        operatorId,
        { show: 'all', vendor: before.vendor_code, q: before.code },
        { offset: 0, limit: 50 },
      );
      const row = page.rows.find((r) => Number(r.id) === id)!;
      return {
        id,
        code: row.code,
        name: row.name,
        vendor: row.vendor_code,
        gameType: row.game_type,
        iconUrl: gameIconUrl(row.code),
        enabled: Boolean(row.enabled),
        vendorEnabled: Boolean(row.vendor_enabled),
        isNew: Boolean(row.is_new),
        hotRank: Number(row.hot_rank),
        sort: Number(row.sort),
      };
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
