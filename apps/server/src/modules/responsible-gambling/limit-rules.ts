import {
  LIMIT_INCREASE_DELAY_MS,
  LIMIT_PERIODS,
  PERIOD_MS,
  type LimitKind,
  type LimitPeriod,
} from '@playhouse/contract/responsible-gambling-rules';

/**
 * The rules of limits as pure functions (decision 013): which limit is in force, what a change does,
 * what a window holds and when a refused stake would fit again. Amounts are integer minor units,
 * times epoch milliseconds.
 */

/** A limit as stored: the amount in force, and a raise or removal waiting until `pendingAt`. */
export interface LimitState {
  amount: number | null;
  pendingAmount: number | null;
  pendingAt: number | null;
}

export const NO_LIMIT: LimitState = { amount: null, pendingAmount: null, pendingAt: null };

/** Null (no limit) is the loosest value of all. */
const looser = (a: number | null, b: number | null) => (a === null ? b !== null : b !== null && a > b);

/** The state at `at`: a waiting change whose time has come is the amount in force. */
export function settle(state: LimitState, at: number): LimitState {
  return state.pendingAt !== null && at >= state.pendingAt
    ? { amount: state.pendingAmount, pendingAmount: null, pendingAt: null }
    : state;
}

/** The limit in force at `at` (null: none). */
export const inForce = (state: LimitState, at: number): number | null => settle(state, at).amount;

/**
 * What asking for `requested` does to a limit at `at`. Lowering it, or setting one where there was
 * none, applies at once and cancels any waiting raise; asking for the amount in force cancels a
 * waiting raise too. Raising or removing it waits LIMIT_INCREASE_DELAY_MS; a waiting raise asked for
 * again, or narrowed, keeps its time, and one widened starts the wait afresh.
 */
export function planChange(state: LimitState, requested: number | null, at: number): LimitState {
  const now = settle(state, at);
  if (requested === now.amount || looser(now.amount, requested))
    return { amount: requested, pendingAmount: null, pendingAt: null };
  const keepsTime = now.pendingAt !== null && !looser(requested, now.pendingAmount);
  return {
    amount: now.amount,
    pendingAmount: requested,
    pendingAt: keepsTime ? now.pendingAt : at + LIMIT_INCREASE_DELAY_MS,
  };
}

export const HOUR_MS = 3_600_000;
/**
 * How long after an hour ends before its sums are kept (rg_hourly): a movement of another server
 * whose clock runs this much behind still lands in an hour not yet kept.
 */
export const ROLLUP_MARGIN_MS = 5 * 60_000;

/** The start of the hour `at` falls in. */
export const floorHour = (at: number) => at - (((at % HOUR_MS) + HOUR_MS) % HOUR_MS);

/**
 * How a window starting after `start` is summed when kept hours reach `until`: the kept hours from
 * the first whole hour on, and the journal for the part hour before them and everything from
 * `until`; or, for a window that holds no whole kept hour, the journal alone.
 */
export function splitWindow(start: number, until: number): { hoursFrom: number } | null {
  const hoursFrom = floorHour(start) + HOUR_MS;
  return hoursFrom < until ? { hoursFrom } : null;
}

/** Where a window ending at `at` starts: an entry counts while `created_at > windowStart`. */
export const windowStart = (at: number, period: LimitPeriod) => at - PERIOD_MS[period];

/** Journal entry kinds that make up each limit, and the sign that turns a member line into use. */
export const LIMIT_SOURCES: Record<LimitKind, { kinds: readonly string[]; sign: 1 | -1 }> = {
  // Stakes, less the stakes refunded by a rollback; and money sent to a transfer-mode vendor (less a
  // transfer the vendor refused): it is staked there, out of our sight, at least once.
  wager: { kinds: ['bet', 'rollback', 'transfer_in'], sign: -1 },
  // Stakes less wins, refunds and jackpot prizes, and money sent to a transfer-mode vendor less the
  // money brought back from one: negative while the member is ahead.
  loss: { kinds: ['bet', 'win', 'rollback', 'jackpot', 'transfer_in', 'transfer_out'], sign: -1 },
  deposit: { kinds: ['deposit'], sign: 1 },
};

/** Sums of a member's lines per entry kind, over each window (as the repository reads them). */
export type KindTotals = Record<string, Record<LimitPeriod, number>>;

/** What the member has used of one kind of limit in each window. */
export function usageOf(kind: LimitKind, totals: KindTotals): Record<LimitPeriod, number> {
  const { kinds, sign } = LIMIT_SOURCES[kind];
  const used = { day: 0, week: 0, month: 0 };
  for (const k of kinds) for (const period of LIMIT_PERIODS) used[period] += totals[k]?.[period] ?? 0;
  for (const period of LIMIT_PERIODS) used[period] = used[period] * sign || 0;
  return used;
}

export interface Breach {
  period: LimitPeriod;
  limit: number;
  used: number;
}

/**
 * The windows a movement of `amount` would take past their limit: refused when what is used so far
 * plus the amount exceeds the limit (reaching it exactly is allowed). Every window is checked, so the
 * lowest limit always binds: a 50.00 week caps a 100.00 day.
 */
export function breaches(
  limits: Partial<Record<LimitPeriod, number | null>>,
  used: Record<LimitPeriod, number>,
  amount: number,
): Breach[] {
  const found: Breach[] = [];
  for (const period of LIMIT_PERIODS) {
    const limit = limits[period];
    if (limit !== null && limit !== undefined && used[period] + amount > limit)
      found.push({ period, limit, used: used[period] });
  }
  return found;
}

/**
 * The earliest time at which `amount` would fit in the window if nothing else happened: the window's
 * entries (oldest first, each with what it added to the use) leave it one by one, each at its own
 * time plus the window's length. Null when even an empty window cannot take the amount.
 */
export function fitsAgainAt(
  breach: Breach,
  amount: number,
  entries: readonly { at: number; amount: number }[],
): number | null {
  let used = breach.used;
  for (const entry of entries) {
    used -= entry.amount;
    if (used + amount <= breach.limit) return entry.at + PERIOD_MS[breach.period];
  }
  return null;
}

/**
 * `fitsAgainAt` over a window read partly as kept hours: walks exact entries and whole hours oldest
 * first. When a whole hour is what makes room, answers that hour and the use before it, and the
 * caller walks that hour's own entries (from the journal) with `fitsAgainAt` for the exact time.
 */
export function walkToFit(
  breach: Breach,
  amount: number,
  items: readonly { at: number; amount: number; hour?: boolean }[],
): { at: number | null } | { hour: number; used: number } {
  let used = breach.used;
  for (const item of items) {
    if (used - item.amount + amount <= breach.limit)
      return item.hour ? { hour: item.at, used } : { at: item.at + PERIOD_MS[breach.period] };
    used -= item.amount;
  }
  return { at: null };
}

/** Adds calendar months in UTC (31 January + 1 month is 3 March, as Date does). */
export function addMonths(at: number, months: number): number {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

/** `2026-11-26 14:05 UTC`: a time in an error message, readable in every language. */
export function formatUtc(at: number): string {
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
