import { FREEPLAY_TYPES } from '@playhouse/contract/account';
import {
  IN_HOUSE_VENDOR,
  SEA_LOTTO_VENDOR,
  SEA_PRIZE_MODE,
  VN_LOTTO_VENDOR,
  type Game,
  type GameType,
} from '@playhouse/contract/games';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { Db } from '../operators/operators.repository.ts';
import { matchesType, type CatalogueService } from './catalogue.service.ts';
import type { DemoService } from './demo.service.ts';
import * as repo from './games.repository.ts';

/** Recent plays kept per member; older ones are pruned. */
export const RECENT_KEEP = 100;
const POPULAR_WINDOW_MS = 7 * 24 * 3600_000;
const POPULAR_LIMIT = 12;
const POPULAR_TTL_MS = 60_000;

interface GameRef {
  nodeId?: number | undefined;
  gameId?: string | undefined;
}
interface ListFilter {
  gameType: GameType;
  vendor?: string | undefined;
}

function page<T>(items: T[], pageNo: number, pageSize: number) {
  const start = (pageNo - 1) * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    pageNum: pageNo,
    pageSize,
    totalPages: Math.ceil(items.length / pageSize),
    totalCount: items.length,
  };
}

type PlayType = 'trad' | 'ent';
const TYPE_PLAY_TYPE: Partial<Record<string, PlayType>> = { LOTT: 'trad', ELOTT: 'ent' };

/**
 * The lottery modes a game opens in (spec §2): TCG_LOTTO_VN always traditional; TCG_SEA always
 * prize mode SEA; LOTT and ELOTT games the play type asked for, else their own (trad for LOTT, ent
 * for ELOTT). Other games carry what was asked, if anything.
 */
export function launchModes(
  game: Pick<Game, 'vassalage' | 'gameType' | 'lottoMode'>,
  asked: { playType?: PlayType | undefined; prizeMode?: string | undefined },
): { playType?: PlayType; prizeMode?: string } {
  const own =
    game.lottoMode === 'trad' || game.lottoMode === 'ent' ? game.lottoMode : TYPE_PLAY_TYPE[game.gameType];
  let playType = asked.playType;
  let prizeMode = asked.prizeMode;
  if (game.vassalage === VN_LOTTO_VENDOR) playType = 'trad';
  else if (game.vassalage === SEA_LOTTO_VENDOR) {
    prizeMode = SEA_PRIZE_MODE;
    playType ??= own;
  } else if (game.gameType === 'LOTT' || game.gameType === 'ELOTT') playType ??= own;
  return { ...(playType ? { playType } : {}), ...(prizeMode ? { prizeMode } : {}) };
}

const inFilter = (g: Game, f: ListFilter) =>
  matchesType(g, f.gameType) && (!f.vendor || g.vassalage === f.vendor.toUpperCase());

/**
 * What a member does with games: favourites, recent plays and launches. Every row is read and
 * written through the member's own id; games come from the cached catalogue.
 */
export function createPlayerGamesService(
  db: Db,
  catalogue: CatalogueService,
  demo?: Pick<DemoService, 'standsIn' | 'launchUrl' | 'issueToken'>,
) {
  const popularCache = new Map<number, { ids: number[]; at: number }>();

  async function recordRecent(operatorId: number, memberId: number, ref: GameRef) {
    const { game } = await catalogue.findOpenGame(operatorId, ref);
    // Strictly after the member's latest play, so the game opened last always leads the list.
    const [latest] = await repo.recentGames(db, memberId, 1);
    const at = Math.max(now(), (latest?.playedAt ?? 0) + 1);
    await repo.touchRecent(db, memberId, game.nodeId, at);
    await repo.pruneRecent(db, memberId, RECENT_KEEP);
    return { nodeId: game.nodeId, playedAt: at };
  }

  return {
    async addFavourite(operatorId: number, memberId: number, ref: GameRef) {
      const { game } = await catalogue.findOpenGame(operatorId, ref);
      await repo.addFavourite(db, memberId, game.nodeId, now());
      return { nodeId: game.nodeId, isFavorite: true };
    },

    async removeFavourite(operatorId: number, memberId: number, ref: GameRef) {
      const { byId, byCode } = await catalogue.catalogue(operatorId);
      // Removal also works for a game that has since been disabled.
      const game = ref.nodeId !== undefined ? byId.get(ref.nodeId) : byCode.get(ref.gameId!.toUpperCase());
      if (!game) throw new AppError('NOT_FOUND');
      await repo.removeFavourite(db, memberId, game.nodeId);
      return { nodeId: game.nodeId, isFavorite: false };
    },

    async favouriteIds(operatorId: number, memberId: number) {
      const { enabledIds } = await catalogue.catalogue(operatorId);
      return (await repo.favouriteGameIds(db, memberId)).filter((id) => enabledIds.has(id));
    },

    async favouriteList(
      operatorId: number,
      memberId: number,
      f: ListFilter & { pageNo: number; pageSize: number },
    ) {
      const { byId, enabledIds } = await catalogue.catalogue(operatorId);
      const games = (await repo.favouriteGameIds(db, memberId))
        .filter((id) => enabledIds.has(id))
        .map((id) => byId.get(id)!)
        .filter((g) => inFilter(g, f));
      const p = page(games, f.pageNo, f.pageSize);
      return {
        content: p.items,
        pageNum: p.pageNum,
        pageSize: p.pageSize,
        totalPages: p.totalPages,
        totalCount: p.totalCount,
      };
    },

    recordRecent,

    async recentList(
      operatorId: number,
      memberId: number,
      f: ListFilter & { pageNo: number; pageSize: number },
    ) {
      const { byId, enabledIds } = await catalogue.catalogue(operatorId);
      const games = (await repo.recentGames(db, memberId, RECENT_KEEP))
        .filter((r) => enabledIds.has(r.gameId))
        .map((r) => ({ ...byId.get(r.gameId)!, playedAt: r.playedAt }))
        .filter((g) => inFilter(g, f));
      const p = page(games, f.pageNo, f.pageSize);
      return { list: p.items, pageNum: p.pageNum, totalPages: p.totalPages, totalCount: p.totalCount };
    },

    /** Games most members opened this week, topped up from the hot list while plays are few. */
    async popular(operatorId: number, type: GameType): Promise<Game[]> {
      const cat = await catalogue.catalogue(operatorId);
      let hit = popularCache.get(operatorId);
      if (!hit || now() - hit.at > POPULAR_TTL_MS || hit.at < cat.loadedAt) {
        hit = { ids: await repo.popularGameIds(db, operatorId, now() - POPULAR_WINDOW_MS, 100), at: now() };
        popularCache.set(operatorId, hit);
      }
      const played = hit.ids
        .filter((id) => cat.enabledIds.has(id))
        .map((id) => cat.byId.get(id)!)
        .filter((g) => matchesType(g, type));
      const seen = new Set(played.map((g) => g.nodeId));
      const topUp = cat.hot.filter((g) => matchesType(g, type) && !seen.has(g.nodeId));
      return [...played, ...topUp].slice(0, POPULAR_LIMIT);
    },

    /**
     * Opens a game for a member (spec §2 launch special cases, §6 free play): in-house games are
     * served here; a connected vendor at its launch address with a single-use launch token (bound to
     * member, vendor, game, currency and language) its server exchanges; a vendor without credentials at the
     * reference provider's demo while demo mode stands in for it, else VENDOR_NOT_CONNECTED. Free
     * play is for member types 0, 1 and 2 (others FREE_REJECT) and games that offer it. A
     * successful launch becomes the member's latest recent play.
     */
    async launch(
      operatorId: number,
      member: { id: number; type: number },
      ref: GameRef,
      options: {
        language: string;
        playType?: PlayType | undefined;
        prizeMode?: string | undefined;
        freeplay?: boolean | undefined;
        /** Absolute address of the lobby page to come back to. */
        returnUrl: string;
        /** Where the player reached us (the demo provider answers on the same host). */
        origin: { protocol: string; hostname: string };
      },
    ) {
      const freeplay = options.freeplay === true;
      if (freeplay && !FREEPLAY_TYPES.includes(member.type)) throw new AppError('FREE_REJECT');
      const { game, vendor } = await catalogue.findOpenGame(operatorId, ref);
      if (freeplay && !game.freeplay) throw fieldError('freeplay', 'invalidOption');
      const { playType, prizeMode } = launchModes(game, options);
      const params = new URLSearchParams({ lang: options.language });
      if (playType) params.set('playType', playType);
      if (prizeMode) params.set('prizeMode', prizeMode);
      if (freeplay) params.set('freeplay', '1');
      let url: string;
      let isDemo = false;
      if (vendor.code === IN_HOUSE_VENDOR) {
        url = `/play/${encodeURIComponent(game.gameCode)}?${params}`;
      } else if (vendor.connected && vendor.launch_url) {
        params.set('game', game.gameCode);
        params.set('returnUrl', options.returnUrl);
        // The vendor exchanges this (POST /wps/provider/wallet/authenticate) for who is playing.
        if (demo)
          params.set(
            'token',
            await demo.issueToken(operatorId, {
              memberId: member.id,
              vendor: vendor.code,
              gameCode: game.gameCode,
              language: options.language,
              freeplay,
              returnUrl: options.returnUrl,
            }),
          );
        url = `${vendor.launch_url}${vendor.launch_url.includes('?') ? '&' : '?'}${params}`;
      } else if (demo && (await demo.standsIn(operatorId, vendor))) {
        url = await demo.launchUrl(operatorId, {
          memberId: member.id,
          vendor: vendor.code,
          gameCode: game.gameCode,
          language: options.language,
          freeplay,
          returnUrl: options.returnUrl,
          origin: options.origin,
        });
        isDemo = true;
      } else {
        throw new AppError('VENDOR_NOT_CONNECTED');
      }
      await recordRecent(operatorId, member.id, { nodeId: game.nodeId });
      return {
        url,
        nodeId: game.nodeId,
        gameCode: game.gameCode,
        vassalage: game.vassalage,
        freeplay,
        demo: isDemo,
      };
    },
  };
}
export type PlayerGamesService = ReturnType<typeof createPlayerGamesService>;
