import { createHash } from 'node:crypto';

/**
 * The ledger's posting rules as pure functions: what a well-formed movement is, before any SQL runs.
 * A breach here is a bug in the calling module (never a player's mistake), so it throws a plain Error
 * that becomes a 500 and moves nothing.
 */

/**
 * House accounts by purpose: a vendor's game account, payments, bonuses, adjustments, the jackpot pool,
 * money held in flight, and agents (commissions paid, team transfers in flight: decision 034).
 */
export type HousePurpose =
  | `vendor:${string}`
  | 'payments'
  | `payments:${string}`
  | 'bonus'
  | 'adjustments'
  | 'jackpot'
  | 'pending'
  | 'agents';

const HOUSE_PURPOSE =
  /^(?:(?:vendor|payments):[A-Z0-9_-]{1,32}|payments|bonus|adjustments|jackpot|pending|agents)$/;

export function isHousePurpose(value: string): value is HousePurpose {
  return HOUSE_PURPOSE.test(value);
}

/** One side of a movement in minor units: positive credits the account, negative debits it. */
export type Leg = { member: number; amount: number } | { house: HousePurpose; amount: number };

/** The longest entry a caller may post (a bet with a jackpot share is three lines). */
export const MAX_LEGS = 16;

/** A stable key for the account a leg names. */
export const legAccount = (leg: Leg): string =>
  'member' in leg ? `member:${leg.member}` : `house:${leg.house}`;

/**
 * Checks and normalises the legs of one entry: every amount a safe integer, the accounts named
 * properly, the whole summing to zero. Legs on the same house account are merged; a member's legs
 * stay apart in the order given, so a round that takes a stake and pays a win records both (the
 * stake is judged against the balance first, and limits count what was staked, not the net). Zero
 * legs are dropped, so an entry that moves nothing has no lines (a recorded outcome, e.g. a rollback
 * tombstone).
 */
export function normaliseLegs(legs: readonly Leg[]): Leg[] {
  if (legs.length > MAX_LEGS) throw new Error(`an entry has at most ${MAX_LEGS} legs`);
  const byAccount = new Map<string, Leg>();
  let sum = 0;
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amount)) throw new Error(`leg amount ${leg.amount} is not an integer`);
    if ('member' in leg) {
      if (!Number.isSafeInteger(leg.member) || leg.member <= 0) throw new Error('leg names no member');
    } else if (!isHousePurpose(leg.house)) {
      throw new Error(`unknown house account ${leg.house}`);
    }
    sum += leg.amount;
    const key = 'member' in leg ? `${legAccount(leg)}#${byAccount.size}` : legAccount(leg);
    const seen = byAccount.get(key);
    byAccount.set(key, seen ? { ...seen, amount: seen.amount + leg.amount } : { ...leg });
  }
  if (!Number.isSafeInteger(sum) || sum !== 0) throw new Error(`entry legs sum to ${sum}, not zero`);
  return [...byAccount.values()].filter((leg) => leg.amount !== 0);
}

/** Net movement of each member in normalised legs. */
export function memberDeltas(legs: readonly Leg[]): Map<number, number> {
  const deltas = new Map<number, number>();
  for (const leg of legs)
    if ('member' in leg) deltas.set(leg.member, (deltas.get(leg.member) ?? 0) + leg.amount);
  return deltas;
}

/**
 * Member accounts in the order their rows are locked: ascending account id, the same in every
 * transaction, so two movements that touch the same members can never wait on each other in a cycle.
 */
export function lockOrder<T extends { accountId: number }>(accounts: readonly T[]): T[] {
  return [...accounts].sort((a, b) => a.accountId - b.accountId);
}

/** JSON with object keys sorted, so equal content always hashes alike. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The hash a replay is compared by: SHA-256 hex of the request's content as canonical JSON. */
export function requestHash(content: unknown): string {
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}
