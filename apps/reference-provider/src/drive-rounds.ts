import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AmountSchema } from '@playhouse/contract/money';
import type { CallOutcome, SeamlessCall, SeamlessClient } from './seamless-client.ts';

/** POST /drive/rounds: play `count` rounds for a member, `concurrency` at a time. */
export const DriveRoundsSchema = z
  .object({
    userName: z.string().trim().min(1).max(64),
    gameCode: z.string().min(1).max(64),
    stake: AmountSchema,
    /** What each won round pays ("0.00" for a losing round); unused when rounds are rolled back. */
    win: AmountSchema,
    /** How each round ends after its bet: paid with `win`, or cancelled with a rollback. */
    settle: z.enum(['win', 'rollback']).default('win'),
    count: z.number().int().min(1).max(1000).default(1),
    concurrency: z.number().int().min(1).max(50).default(1),
    /** Extra copies of every call sent at once, as a provider does when an answer is lost. */
    duplicates: z.number().int().min(0).max(5).default(0),
  })
  .strict();
export type DriveRounds = z.infer<typeof DriveRoundsSchema>;

export type StepReport =
  | { transactionId: string; ok: true; balance: string; duplicate: boolean }
  | { transactionId: string; ok: false; code: string; balance?: string };

export interface RoundReport {
  roundId: string;
  bet: StepReport;
  /** The win or rollback that closed the round; absent when the bet was refused. */
  settle?: StepReport & { action: 'win' | 'rollback' };
}

export interface DriveReport {
  rounds: number;
  /** Calls our server acknowledged as first results. */
  acknowledged: { bets: number; wins: number; rollbacks: number };
  /** Answers that said "already seen" (the copies of `duplicates`, or retries). */
  duplicates: number;
  /** Refused calls by error code (INSUFFICIENT_FUNDS, …). */
  refused: Record<string, number>;
  /** The member's balance once every round is over, as our server reports it. */
  balance: string | null;
  results: RoundReport[];
}

const report = (transactionId: string, outcome: CallOutcome): StepReport =>
  outcome.ok
    ? { transactionId, ok: true, balance: outcome.value.balance, duplicate: outcome.value.duplicate }
    : {
        transactionId,
        ok: false,
        code: outcome.code,
        ...(outcome.balance ? { balance: outcome.balance } : {}),
      };

/** Whether our server may or may not have acted on a call (no answer): such a bet must be cancelled. */
const unanswered = (outcome: CallOutcome) => !outcome.ok && (outcome.status === 0 || outcome.status >= 500);

/**
 * Plays rounds the way a vendor's game server does: a bet, then a win (or a rollback) naming it.
 * A bet whose answer never came is rolled back, so a lost answer never leaves a stake behind.
 */
export async function driveRounds(
  client: SeamlessClient,
  vendor: string,
  req: DriveRounds,
): Promise<DriveReport> {
  const results: RoundReport[] = new Array(req.count);
  let duplicates = 0;

  /** Sends a call plus its duplicates at once; the first result is the copy that was not a duplicate. */
  async function send(call: () => Promise<CallOutcome>): Promise<CallOutcome> {
    const outcomes = await Promise.all(Array.from({ length: 1 + req.duplicates }, call));
    for (const o of outcomes) if (o.ok && o.value.duplicate) duplicates++;
    return outcomes.find((o) => o.ok && !o.value.duplicate) ?? outcomes[0]!;
  }

  async function playRound(): Promise<RoundReport> {
    const roundId = `${vendor}-${randomUUID()}`;
    const bet: SeamlessCall = {
      userName: req.userName,
      transactionId: `${roundId}-bet`,
      roundId,
      gameCode: req.gameCode,
      amount: req.stake,
    };
    const placed = await send(() => client.bet(bet));
    if (!placed.ok) {
      if (unanswered(placed))
        await client.rollback({
          ...bet,
          transactionId: `${roundId}-cancel`,
          refTransactionId: bet.transactionId,
        });
      return { roundId, bet: report(bet.transactionId, placed) };
    }
    const action = req.settle;
    const closing: SeamlessCall = {
      ...bet,
      transactionId: `${roundId}-${action}`,
      amount: action === 'win' ? req.win : req.stake,
      refTransactionId: bet.transactionId,
    };
    const closed = await send(() => (action === 'win' ? client.win(closing) : client.rollback(closing)));
    return {
      roundId,
      bet: report(bet.transactionId, placed),
      settle: { action, ...report(closing.transactionId, closed) },
    };
  }

  let next = 0;
  const worker = async () => {
    while (next < req.count) {
      const i = next++;
      results[i] = await playRound();
    }
  };
  await Promise.all(Array.from({ length: Math.min(req.concurrency, req.count) }, worker));

  const acknowledged = { bets: 0, wins: 0, rollbacks: 0 };
  const refused: Record<string, number> = {};
  const count = (step: StepReport | undefined, key: keyof typeof acknowledged) => {
    if (!step) return;
    if (step.ok) acknowledged[key]++;
    else refused[step.code] = (refused[step.code] ?? 0) + 1;
  };
  for (const r of results) {
    count(r.bet, 'bets');
    count(r.settle, r.settle?.action === 'rollback' ? 'rollbacks' : 'wins');
  }
  const final = await client.balance(req.userName);
  return {
    rounds: req.count,
    acknowledged,
    duplicates,
    refused,
    balance: final.ok ? final.value.balance : null,
    results,
  };
}
