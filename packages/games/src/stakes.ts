/**
 * Stakes in minor units. Slots pay in whole multiples of the line stake (or of a tenth of the stake),
 * so their stakes are multiples of 10; instant games pay multipliers with two decimals, so their
 * stakes are multiples of 100. Either way every win is a whole number of minor units, which each
 * game's tests assert for every stake.
 */
export const SLOT_STAKES: readonly number[] = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000];
export const INSTANT_STAKES: readonly number[] = [100, 200, 500, 1000, 2000, 5000, 10000];

/** Options of a game that takes none: absent, null or an empty object. */
export function parseNoOptions(raw: unknown): Record<string, never> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw === 'object' && !Array.isArray(raw) && Object.keys(raw).length === 0) return {};
  throw new RangeError('this game takes no options');
}

/** A plain object of options, or a RangeError. */
export function optionsRecord(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new RangeError('options must be an object');
  return raw as Record<string, unknown>;
}
