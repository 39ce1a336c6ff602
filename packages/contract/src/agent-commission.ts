// Zod-free: the commission maths, shared by the server's job and the tests that check it by hand.

export type CommissionKind = 'salary' | 'hourly' | 'dividend';

/** A contract step as stored: minor units and basis points (1 % = 100). */
export interface StoredTier {
  min: number;
  minActive: number;
  rateBp: number;
  fixed: number;
}

/** A team's figures over one period, in minor units. */
export interface TeamFigures {
  /** Stakes less rolled-back stakes. */
  turnover: number;
  /** Turnover less wins: what the team lost (negative when it won). */
  netLoss: number;
  /** Team members who bet in the period. */
  active: number;
}

export interface Commission {
  /** The figure the rate applies to: turnover for salaries, net loss (never below 0) for the dividend. */
  basis: number;
  /** The index of the step reached, or -1. */
  tier: number;
  amount: number;
}

/**
 * What a contract pays for a period: the highest step whose threshold the basis reaches with enough
 * active members pays its fixed sum plus its rate of the basis, rounded down to the minor unit.
 * Nothing when no step is reached or the basis is zero (a winning team earns no dividend).
 */
export function commissionFor(
  kind: CommissionKind,
  tiers: readonly StoredTier[],
  f: TeamFigures,
): Commission {
  const basis = Math.max(0, kind === 'dividend' ? f.netLoss : f.turnover);
  let best = -1;
  tiers.forEach((t, i) => {
    if (basis < t.min || f.active < t.minActive) return;
    const b = tiers[best];
    if (!b || t.min > b.min || (t.min === b.min && t.rateBp > b.rateBp)) best = i;
  });
  const tier = tiers[best];
  if (!tier || basis === 0) return { basis, tier: -1, amount: 0 };
  const share = (BigInt(basis) * BigInt(tier.rateBp)) / 10_000n;
  return { basis, tier: best, amount: tier.fixed + Number(share) };
}

/** "1.25" per cent → 125 basis points. */
export const rateToBp = (rate: string) => Math.round(Number(rate) * 100);
/** 125 basis points → "1.25". */
export const bpToRate = (bp: number) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
