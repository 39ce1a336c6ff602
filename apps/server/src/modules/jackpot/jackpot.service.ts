import { formatMinor } from '@playhouse/contract/envelope';
import type { Jackpot } from '@playhouse/contract/games';
import { currencySymbol } from '@playhouse/contract/money';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { Db } from '../operators/operators.repository.ts';
import { JACKPOT_DRAW_RANGE } from '../play/play-rules.ts';
import {
  addShare,
  ensurePool,
  findPool,
  POOL_SHARDS,
  recentHits,
  sumShares,
  takeShares,
  type PoolRules,
} from './jackpot.repository.ts';

export const MAIN_POOL = 'MAIN';

/**
 * Published rules of the progressive pool: it starts (and restarts after a hit) at the seed, takes
 * 0.5% of every in-house stake and stops growing at the ceiling; what stakes pay in above the ceiling
 * stays in the jackpot fund (the ledger's `jackpot` account) toward the next seeds. Minor units.
 */
export const DEFAULT_POOL_RULES: PoolRules = { seed: 10_000_000, ceiling: 500_000_000, contributionBps: 50 };

const READ_TTL_MS = 2000;
/** The hit history is read afresh at most this often (and at once after a hit). */
const HITS_TTL_MS = 10_000;
/** How many of the latest hits the history lists. */
export const JACKPOT_HITS_SHOWN = 20;

/**
 * The real progressive jackpot: read for the lobby counter, funded by in-house stakes.
 *
 * The pool is its seed plus what stakes paid in since the last hit, capped at the ceiling. The
 * contributions are kept in a few shard rows rather than one, so concurrent rounds (each adding its
 * share inside its own ledger transaction, holding the row's lock until commit) rarely wait for each
 * other; a hit empties every shard under their locks and pays what the pool held.
 */
export function createJackpotService(db: Db) {
  const cache = new Map<
    number,
    { pool: Omit<Jackpot, 'currency' | 'currencySymbol' | 'stakeForCertainHit'>; at: number }
  >();
  const hitLists = new Map<number, { list: Awaited<ReturnType<typeof recentHits>>; at: number }>();
  const published = (currency: string) => ({
    currency,
    currencySymbol: currencySymbol(currency),
    stakeForCertainHit: formatMinor(JACKPOT_DRAW_RANGE),
  });
  const rates = new Map<number, number>();

  async function read(operatorId: number, trx: Db = db) {
    let row = await findPool(trx, operatorId, MAIN_POOL);
    if (!row) {
      await ensurePool(trx, operatorId, MAIN_POOL, DEFAULT_POOL_RULES, now());
      row = await findPool(trx, operatorId, MAIN_POOL);
      if (!row) throw new AppError('INTERNAL');
    }
    return row;
  }

  /** The pool's value from its seed and contributions, capped at the ceiling. */
  const poolValue = (row: { seed: number; ceiling: number }, taken: number) =>
    Math.min(Number(row.ceiling), Number(row.seed) + taken);

  async function rateOf(operatorId: number, trx: Db) {
    let bps = rates.get(operatorId);
    if (bps === undefined) {
      bps = Number((await read(operatorId, trx)).contribution_bps);
      rates.set(operatorId, bps);
    }
    return bps;
  }

  const service = {
    /** Creates the operator's pool at its seed when it has none (first start). */
    ensure(operatorId: number, trx: Db = db) {
      return ensurePool(trx, operatorId, MAIN_POOL, DEFAULT_POOL_RULES, now());
    },

    async get(operatorId: number, currency: string): Promise<Jackpot> {
      const hit = cache.get(operatorId);
      if (hit && now() - hit.at < READ_TTL_MS) return { ...hit.pool, ...published(currency) };
      const row = await read(operatorId);
      const pool = {
        amount: formatMinor(poolValue(row, await sumShares(db, operatorId, MAIN_POOL))),
        seed: formatMinor(Number(row.seed)),
        ceiling: formatMinor(Number(row.ceiling)),
        contributionBps: Number(row.contribution_bps),
        updatedAt: now(),
      };
      cache.set(operatorId, { pool, at: now() });
      return { ...pool, ...published(currency) };
    },

    /** The operator's latest hits, newest first (amounts in minor units, names not yet masked). */
    async hits(operatorId: number) {
      const hit = hitLists.get(operatorId);
      if (hit && now() - hit.at < HITS_TTL_MS) return hit.list;
      const list = await recentHits(db, operatorId, JACKPOT_HITS_SHOWN);
      hitLists.set(operatorId, { list, at: now() });
      return list;
    },

    /** The share of every in-house stake the pool takes, in basis points (read once per operator). */
    rate(operatorId: number, trx: Db = db): Promise<number> {
      return rateOf(operatorId, trx);
    },

    /**
     * The pool's share of one stake under its published rate, rounded down (minor units). In-house
     * rounds do not round each stake down: their exact shares accrue per seed pair (play module).
     */
    async shareOf(operatorId: number, stake: number, trx: Db = db): Promise<number> {
      if (!Number.isSafeInteger(stake) || stake < 0) throw fieldError('stake', 'invalid');
      return Math.floor((stake * (await rateOf(operatorId, trx))) / 10_000);
    },

    /**
     * Adds a share the stake's ledger entry moved to the `jackpot` account, into the shard `spread`
     * picks (the member id: one member's rounds are one at a time anyway). Call last in the stake's
     * transaction: the shard row stays locked until commit. The lobby counter catches up within its
     * cache time rather than being read again for every round.
     */
    async addShare(operatorId: number, share: number, spread: number, trx: Db = db): Promise<void> {
      if (share <= 0) return;
      await addShare(trx, operatorId, MAIN_POOL, Math.abs(spread) % POOL_SHARDS, share);
    },

    /**
     * Pays the pool's share of an in-house stake (minor units) into it, inside the caller's
     * transaction when given. Returns the share.
     */
    async contribute(operatorId: number, stake: number, trx: Db = db): Promise<number> {
      const share = await service.shareOf(operatorId, stake, trx);
      await service.addShare(operatorId, share, 0, trx);
      cache.delete(operatorId);
      return share;
    },

    /**
     * Takes the whole pool for a jackpot hit and restarts it at its seed; returns the amount won.
     * Inside the hit's transaction: concurrent hits take their turns on the shard rows, so each pays
     * what the pool held after the one before.
     */
    async award(operatorId: number, trx: Db = db): Promise<number> {
      const row = await read(operatorId, trx);
      const taken = await takeShares(trx, operatorId, MAIN_POOL);
      cache.delete(operatorId);
      hitLists.delete(operatorId);
      return poolValue(row, taken);
    },
  };
  return service;
}
export type JackpotService = ReturnType<typeof createJackpotService>;
