/**
 * What one journal entry adds to the daily totals (decision 040), as pure functions. Amounts are the
 * entry's lines in minor units, signed as the ledger signs them (positive credits the account).
 *
 * - Game movements (`bet`, `win`, `jackpot`, `rollback`): a member's debit in a bet is a stake, a
 *   member's credit in a bet (an in-house round's win), a win or a jackpot is a win, and a rollback's
 *   credit gives a stake back (stakes fall). So GGR = stakes − wins is exactly what members lost.
 * - `deposit`: what the member was credited; `withdrawal`: what left the house for the payment
 *   channel (a request only holds money, a rejection returns it: neither is paid out).
 * - `bonus` and `rebate` are bonuses, `commission` agents' commissions, `adjustment` the net of the
 *   operator's manual credits and debits. Transfers to and from transfer-wallet vendors are not play.
 */

export const DIMENSIONS = ['all', 'vendor', 'game', 'channel', 'agent'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export const FIGURES = [
  'stakes',
  'wins',
  'bets',
  'bonuses',
  'commissions',
  'adjustments',
  'deposits',
  'deposit_count',
  'withdrawals',
  'withdrawal_count',
] as const;
export type Figure = (typeof FIGURES)[number];
export type Figures = Record<Figure, number>;

export const zeroFigures = (): Figures => Object.fromEntries(FIGURES.map((f) => [f, 0])) as Figures;

export interface JournalLine {
  amount: number;
  /** Set on a member's line. */
  memberId: number | null;
  /** Set on a house line (`vendor:JILI`, `payments:REFPAY`, `pending`, …). */
  purpose: string | null;
}

export interface JournalEntry {
  id: number;
  operatorId: number;
  kind: string;
  memberId: number | null;
  currency: string;
  createdAt: number;
  lines: JournalLine[];
}

const GAME_KINDS = new Set(['bet', 'win', 'jackpot', 'rollback']);

export const isGameKind = (kind: string) => GAME_KINDS.has(kind);

/** The vendor an entry's game movement belongs to: its house line on a `vendor:` account. */
export function vendorOf(entry: JournalEntry): string {
  for (const line of entry.lines)
    if (line.purpose?.startsWith('vendor:')) return line.purpose.slice('vendor:'.length);
  return '';
}

/** The figures one entry moves (all zero for an entry that moves nothing reported). */
export function entryFigures(entry: JournalEntry): { figures: Figures; staked: boolean } {
  const f = zeroFigures();
  const memberLines = entry.lines.filter((l) => l.memberId !== null);
  const memberNet = memberLines.reduce((sum, l) => sum + l.amount, 0);
  let staked = false;
  switch (entry.kind) {
    case 'bet':
      f.bets = 1;
      for (const l of memberLines) {
        if (l.amount < 0) {
          f.stakes -= l.amount;
          staked = true;
        } else f.wins += l.amount;
      }
      break;
    case 'win':
    case 'jackpot':
      f.wins += memberNet;
      break;
    case 'rollback':
      f.stakes -= memberNet;
      break;
    case 'deposit':
      f.deposits += memberNet;
      if (memberNet !== 0) f.deposit_count = 1;
      break;
    case 'withdrawal': {
      const paid = entry.lines
        .filter((l) => l.purpose?.startsWith('payments') && l.amount > 0)
        .reduce((sum, l) => sum + l.amount, 0);
      f.withdrawals += paid;
      if (paid !== 0) f.withdrawal_count = 1;
      break;
    }
    case 'bonus':
    case 'rebate':
      f.bonuses += memberNet;
      break;
    case 'commission':
      f.commissions += memberNet;
      break;
    case 'adjustment':
      f.adjustments += memberNet;
      break;
    default:
      break;
  }
  return { figures: f, staked };
}

export const isZero = (f: Figures) => FIGURES.every((k) => f[k] === 0);

export function addFigures(into: Figures, add: Figures): void {
  for (const k of FIGURES) into[k] += add[k];
}

/** The keys an entry's figures count under, per dimension (game figures only under vendor and game). */
export function dimensionKeys(
  entry: JournalEntry,
  context: { vendor: string; game: string | null; channel: string | null; agent: number | null },
): [Dimension, string][] {
  const keys: [Dimension, string][] = [['all', '']];
  if (isGameKind(entry.kind)) {
    keys.push(['vendor', context.vendor]);
    keys.push(['game', `${context.vendor}/${context.game ?? ''}`]);
  }
  if (entry.memberId !== null) {
    keys.push(['channel', context.channel ?? '']);
    keys.push(['agent', context.agent === null ? '' : String(context.agent)]);
  }
  return keys;
}

/** Of a batch's ids after `seen`, those missing (not visible yet, or never to be). */
export function missingIds(seen: number, ids: readonly number[]): number[] {
  const missing: number[] = [];
  let next = seen + 1;
  for (const id of ids) {
    for (; next < id; next++) missing.push(next);
    next = id + 1;
  }
  return missing;
}

/** Derived figures: GGR = stakes − wins, NGR = GGR − bonuses − commissions. */
export function derived(f: Pick<Figures, 'stakes' | 'wins' | 'bonuses' | 'commissions'>) {
  const ggr = f.stakes - f.wins;
  return { ggr, ngr: ggr - f.bonuses - f.commissions };
}
