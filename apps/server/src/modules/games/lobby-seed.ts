import { now } from '../../lib/clock.ts';
import { seedContent } from '../content/content-seed.ts';
import { DEFAULT_POOL_RULES, MAIN_POOL } from '../jackpot/jackpot.service.ts';
import { ensurePool } from '../jackpot/jackpot.repository.ts';
import type { Db } from '../operators/operators.repository.ts';
import { DEMO_VENDORS, generateCatalogue } from './catalogue-data.ts';
import { countVendors, insertGames, insertVendors } from './games.repository.ts';

/**
 * First start of the demo operator: the generated catalogue (vendors and games), lobby content and
 * the jackpot pool at its seed. Each part is skipped when it already exists, so restarts change
 * nothing and operator edits survive.
 */
export async function seedLobby(db: Db, operatorId: number, languages: readonly string[]): Promise<void> {
  const at = now();
  await db.transaction().execute(async (trx) => {
    if ((await countVendors(trx, operatorId)) === 0) {
      await insertVendors(
        trx,
        DEMO_VENDORS.map((v, i) => ({
          operator_id: operatorId,
          code: v.code,
          display_name: v.name,
          category: v.category,
          sort: i,
          enabled: 1,
          wallet_mode: 'seamless' as const,
          secret: null,
          launch_url: null,
          updated_at: at,
        })),
      );
      await insertGames(
        trx,
        generateCatalogue().map((g) => ({
          operator_id: operatorId,
          vendor_code: g.vendorCode,
          code: g.code,
          name: g.name,
          game_type: g.gameType,
          category: g.category,
          classify: g.classify,
          is_new: g.isNew ? 1 : 0,
          hot_rank: g.hotRank,
          min_bet: g.minBet,
          lines: g.lines,
          sort: g.sort,
          enabled: 1,
          freeplay: g.freeplay ? 1 : 0,
          lotto_mode: g.lottoMode,
          room_id: g.roomId,
          created_at: at,
        })),
      );
    }
    await seedContent(trx, operatorId, languages, at);
    await ensurePool(trx, operatorId, MAIN_POOL, DEFAULT_POOL_RULES, at);
  });
}
