import { formatMinor } from '@playhouse/contract/envelope';
import type { Jackpot } from '@playhouse/contract/games';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { Db } from '../operators/operators.repository.ts';
import { addToPool, ensurePool, findPool, resetPool, type PoolRules } from './jackpot.repository.ts';

export const MAIN_POOL = 'MAIN';

/**
 * Published rules of the progressive pool: it starts (and restarts after a hit) at the seed, takes
 * 0.5% of every in-house stake and stops growing at the ceiling. Amounts in minor units.
 */
export const DEFAULT_POOL_RULES: PoolRules = { seed: 10_000_000, ceiling: 500_000_000, contributionBps: 50 };

const READ_TTL_MS = 2000;

/** The real progressive jackpot: read for the lobby counter, funded by in-house stakes. */
export function createJackpotService(db: Db) {
  const cache = new Map<number, { pool: Omit<Jackpot, 'currency'>; at: number }>();

  async function read(operatorId: number, trx: Db = db) {
    let row = await findPool(trx, operatorId, MAIN_POOL);
    if (!row) {
      await ensurePool(trx, operatorId, MAIN_POOL, DEFAULT_POOL_RULES, now());
      row = await findPool(trx, operatorId, MAIN_POOL);
      if (!row) throw new AppError('INTERNAL');
    }
    return row;
  }

  return {
    /** Creates the operator's pool at its seed when it has none (first start). */
    ensure(operatorId: number, trx: Db = db) {
      return ensurePool(trx, operatorId, MAIN_POOL, DEFAULT_POOL_RULES, now());
    },

    async get(operatorId: number, currency: string): Promise<Jackpot> {
      const hit = cache.get(operatorId);
      if (hit && now() - hit.at < READ_TTL_MS) return { ...hit.pool, currency };
      const row = await read(operatorId);
      const pool = {
        amount: formatMinor(Number(row.amount)),
        seed: formatMinor(Number(row.seed)),
        ceiling: formatMinor(Number(row.ceiling)),
        contributionBps: Number(row.contribution_bps),
        updatedAt: Number(row.updated_at),
      };
      cache.set(operatorId, { pool, at: now() });
      return { ...pool, currency };
    },

    /**
     * Pays the pool's share of an in-house stake (minor units) into it, capped at the ceiling.
     * Call inside the bet's transaction so the share moves exactly when the stake does.
     * Returns the share taken.
     */
    async contribute(operatorId: number, stake: number, trx: Db = db): Promise<number> {
      if (!Number.isSafeInteger(stake) || stake < 0) throw fieldError('stake', 'invalid');
      const row = await read(operatorId, trx);
      const share = Math.floor((stake * Number(row.contribution_bps)) / 10_000);
      const taken = Math.min(share, Math.max(0, Number(row.ceiling) - Number(row.amount)));
      if (taken > 0) await addToPool(trx, operatorId, MAIN_POOL, share, now());
      cache.delete(operatorId);
      return taken;
    },

    /** Takes the whole pool for a jackpot hit and restarts it at its seed; returns the amount won. */
    async award(operatorId: number, trx: Db = db): Promise<number> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await read(operatorId, trx);
        if (await resetPool(trx, operatorId, MAIN_POOL, Number(row.amount), now())) {
          cache.delete(operatorId);
          return Number(row.amount);
        }
      }
      throw new AppError('CONFLICT');
    },
  };
}
export type JackpotService = ReturnType<typeof createJackpotService>;
