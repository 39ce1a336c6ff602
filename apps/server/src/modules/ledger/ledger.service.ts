import { formatMoney } from '@playhouse/contract/money';
import type { EntryKind, LedgerVerify } from '@playhouse/contract/wallet';
import { AppError } from '../../lib/app-error.ts';
import { boundedMemo } from '../../lib/bounded-memo.ts';
import { now } from '../../lib/clock.ts';
import type { Db } from '../operators/operators.repository.ts';
import { lockOrder, normaliseLegs, requestHash, type HousePurpose, type Leg } from './ledger-rules.ts';
import * as repo from './ledger.repository.ts';

/**
 * The ledger: the only way money moves (decision 012).
 *
 * Double-entry and append-only. Every movement is one journal entry whose lines sum to zero, written
 * in one short transaction together with the cached balance of every member it touches. A member's
 * balance changes only through one conditional UPDATE (`balance + delta >= 0`) that also takes that
 * account's row lock; house accounts are not cached (their balance is the sum of their lines), so
 * no bet waits on a shared house row. Each entry carries its outside party's id (`source` + `key`,
 * unique per operator), the hash of the request and the first response: a replay answers that
 * response and moves nothing, a replay with other content is IDEMPOTENCY_MISMATCH.
 *
 * How later phases build on `post` without changing it:
 * - Transfer wallet and withdrawals (two-phase): the hold is an entry from the member to the
 *   `pending` house account; approving posts `pending` → `payments`, rejecting or voiding posts it
 *   back, each with its own key. "Resolves at most once" is the caller's state row updated in
 *   `apply` (e.g. `UPDATE … SET state = 'approved' WHERE state = 'pending'`, throw when no row).
 * - Responsible-gambling limits: `apply` runs inside the stake's transaction after the member's row
 *   is locked, so a limit summed from the journal there sees every earlier stake and refuses by
 *   throwing (which undoes the movement).
 * - Account record and statements: entries by member (`ledger_entries_member`), lines by account
 *   (`ledger_lines_account`), `balance_after` on every member line.
 * - SIGKILL: a movement is one transaction, so a crash leaves it whole or absent and the provider's
 *   retry (same key) either replays or performs it; `verify()` proves it afterwards.
 */

export interface Moved {
  entryId: number;
  /** The entry member's balance after the movement (null when the entry names no member). */
  balance: number | null;
  legs: readonly Leg[];
}

export interface PostRequest<R> {
  operatorId: number;
  kind: EntryKind;
  /** The idempotency namespace: `vendor:JILI`, `bo:adjustment`, `payments:GCASH`, … */
  source: string;
  /** The outside party's id for this movement, unique within `source` for the operator. */
  key: string;
  /** `requestHash()` of the request's content; a replay with another hash is IDEMPOTENCY_MISMATCH. */
  requestHash: string;
  /** The member the entry concerns; their account is locked for the whole transaction. */
  memberId: number | null;
  /**
   * A stake: refused with ACCOUNT_UNAVAILABLE unless the entry's member is active, judged in the
   * statement that moves their balance (a replay of an earlier movement still answers).
   */
  activeMemberOnly?: boolean;
  currency: string;
  /** What the entry belongs to (a round id, a deposit id), for statements. */
  reference?: string | null | undefined;
  /**
   * The movement: fixed legs (the fast path: the member's conditional UPDATE is the lock), or legs
   * decided once the member's account is locked (a rollback refunds what its bet took). Decided legs
   * may move only the entry's member and house accounts.
   */
  legs: readonly Leg[] | ((trx: Db, locked: { balance: number }) => Promise<readonly Leg[]>);
  /** The answer stored with the entry and returned to every replay (JSON). */
  respond: (moved: { balance: number | null }) => R;
  /**
   * The caller's own rows, in the same transaction, after the balances moved and the entry was
   * written; throwing (an AppError) refuses the movement and undoes it all. Not run on a replay.
   */
  apply?: (trx: Db, moved: Moved) => Promise<void>;
}

/**
 * Told after a movement committed (never for a replay): each member whose balance it touched with
 * the balance after, and the house accounts it moved. Listeners run after the caller's answer is
 * settled and cannot undo or fail it (live updates, decision 024).
 */
export interface Committed {
  operatorId: number;
  kind: EntryKind;
  currency: string;
  reference: string | null;
  members: { memberId: number; balance: number }[];
  houses: HousePurpose[];
}

export interface PostResult<R> {
  entryId: number;
  response: R;
  /** True when the key had been posted before: nothing moved and `response` is the first answer. */
  duplicate: boolean;
}

/** One credit of a batch: a house account pays one member, under its own idempotency key. */
export interface BatchCredit {
  key: string;
  memberId: number;
  /** Minor units paid to the member; positive. */
  amount: number;
  reference: string | null;
}

export interface BatchRequest {
  operatorId: number;
  kind: EntryKind;
  source: string;
  currency: string;
  /** The house account that pays every credit. */
  house: HousePurpose;
  items: readonly BatchCredit[];
  /**
   * The caller's rows in the same transaction, after the credits: `posted` holds the keys paid now,
   * `skipped` those posted before (by an earlier run). Throwing undoes the whole batch.
   */
  apply: (
    trx: Db,
    result: { posted: Map<string, { entryId: number; balance: number }>; skipped: Set<string> },
  ) => Promise<void>;
}

/** A concurrent request with the same key committed first: answer its result instead. */
class ReplayRace extends Error {}

const MAX_ATTEMPTS = 3;
/** PostgreSQL deadlock or serialization failure, SQLite busy: the transaction was undone whole. */
const isTransient = (error: unknown) =>
  ['40P01', '40001', 'SQLITE_BUSY'].includes(String((error as { code?: unknown } | null)?.code));

/** What ledger_seamless_move refuses with (SQLSTATE PH001, the code as its message). */
const IN_DATABASE_REFUSALS = new Set([
  'BET_ROLLED_BACK',
  'BET_NOT_FOUND',
  'BET_ALREADY_SETTLED',
  'CONFLICT',
  'ACCOUNT_UNAVAILABLE',
] as const);
type InDatabaseRefusal = typeof IN_DATABASE_REFUSALS extends Set<infer T> ? T : never;

/** What a ledger function (decision 035) answers. */
export interface InDatabaseOutcome {
  status: string;
  entry_id: number | null;
  balance: number | null;
  response: string | null;
}

const accountKey = (operatorId: number, owner: string, currency: string) =>
  `${operatorId}|${owner}|${currency}`;

export function createLedgerService(db: Db) {
  // Account ids never change once an account exists, so they are remembered (only after commit).
  const accountIds = boundedMemo<string, number>(50_000);

  async function accountId(
    trx: Db,
    opened: [string, number][],
    operatorId: number,
    owner: { memberId: number } | { purpose: HousePurpose },
    currency: string,
  ): Promise<number> {
    const key = accountKey(operatorId, 'memberId' in owner ? `m${owner.memberId}` : owner.purpose, currency);
    const known = accountIds.get(key);
    if (known !== undefined) return known;
    const find = () =>
      'memberId' in owner
        ? repo.findMemberAccountId(trx, owner.memberId, currency)
        : repo.findHouseAccountId(trx, operatorId, owner.purpose, currency);
    let id = await find();
    if (id === undefined) {
      await repo.insertAccount(
        trx,
        {
          operatorId,
          memberId: 'memberId' in owner ? owner.memberId : null,
          purpose: 'purpose' in owner ? owner.purpose : null,
          currency,
        },
        now(),
      );
      id = await find();
      if (id === undefined) throw new Error(`account ${key} could not be opened`);
    }
    opened.push([key, id]);
    return id;
  }

  function replay<R>(existing: { id: number; request_hash: string; response: string }, hash: string) {
    if (existing.request_hash !== hash) throw new AppError('IDEMPOTENCY_MISMATCH');
    return { entryId: Number(existing.id), response: JSON.parse(existing.response) as R, duplicate: true };
  }

  async function attempt<R>(
    trx: Db,
    req: PostRequest<R>,
    fixedLegs: Leg[] | undefined,
    opened: [string, number][],
    touched: { members: Map<number, number>; houses: Set<HousePurpose> },
  ): Promise<PostResult<R>> {
    const { operatorId, currency } = req;
    // Fixed legs skip the look-up: a replay moves the balance, finds its key taken when the entry
    // is written, and that undoes it all (ReplayRace) before the first answer is read. Decided legs
    // look first, since deciding reads state a replay must not be judged by.
    if (!fixedLegs) {
      const existing = await repo.findEntryByKey(trx, operatorId, req.source, req.key);
      if (existing) return replay<R>(existing, req.requestHash);
    }

    const own =
      req.memberId === null
        ? undefined
        : await accountId(trx, opened, operatorId, { memberId: req.memberId }, currency);
    const balances = new Map<number, number>();
    let legs = fixedLegs;
    if (!legs) {
      // Lock first, then decide: the decision sees every movement of this member committed before it.
      const locked = (await repo.moveBalance(trx, own!, 0))!;
      balances.set(req.memberId!, locked);
      legs = normaliseLegs(
        await (req.legs as Exclude<PostRequest<R>['legs'], readonly Leg[]>)(trx, { balance: locked }),
      );
      if (legs.some((leg) => 'member' in leg && leg.member !== req.memberId))
        throw new Error('legs decided under the lock may move only the entry member');
    }

    const lineOf = new Map<Leg, { account_id: number; amount: number; balance_after: number | null }>();
    const members: { accountId: number; memberId: number; amount: number; leg?: Leg }[] = [];
    for (const leg of legs) {
      if ('member' in leg) {
        const id = await accountId(trx, opened, operatorId, { memberId: leg.member }, currency);
        members.push({ accountId: id, memberId: leg.member, amount: leg.amount, leg });
      } else {
        const id = await accountId(trx, opened, operatorId, { purpose: leg.house }, currency);
        lineOf.set(leg, { account_id: id, amount: leg.amount, balance_after: null });
      }
    }
    // Rewards are real money: nothing leaves the house's bonus account for a trial (free-play)
    // account, whichever feature pays it (check-in, missions, promotions, rebate, referral, VIP).
    if (legs.some((leg) => 'house' in leg && leg.house === 'bonus' && leg.amount < 0))
      for (const m of members)
        if (m.amount > 0 && (await repo.isTrialMember(trx, m.memberId))) throw new AppError('FREE_REJECT');
    // The entry's member is locked even when nothing of theirs moves (a tombstone), so every outcome
    // about one member is decided one at a time.
    if (own !== undefined && !balances.has(req.memberId!) && !members.some((m) => m.accountId === own))
      members.push({ accountId: own, memberId: req.memberId!, amount: 0 });

    // The legs of one account move it in one statement (an in-house round's stake and win), in
    // order: each leg's running balance must stay at or above zero, as if moved one by one.
    const byAccount: { accountId: number; memberId: number; legs: typeof members }[] = [];
    for (const m of lockOrder(members)) {
      const last = byAccount.at(-1);
      if (last?.accountId === m.accountId) last.legs.push(m);
      else byAccount.push({ accountId: m.accountId, memberId: m.memberId, legs: [m] });
    }
    for (const m of byAccount) {
      const mustBeActive = req.activeMemberOnly && m.memberId === req.memberId;
      let total = 0;
      let lowest = Infinity;
      for (const leg of m.legs) lowest = Math.min(lowest, (total += leg.amount));
      const after = await repo.moveBalance(
        trx,
        m.accountId,
        total,
        mustBeActive ? m.memberId : undefined,
        lowest,
      );
      if (after === undefined) {
        // Refused. A replay of this key may have committed while this waited for the row: answer that.
        if (await repo.findEntryByKey(trx, operatorId, req.source, req.key)) throw new ReplayRace();
        if (mustBeActive && !(await repo.isMemberActive(trx, m.memberId)))
          throw new AppError('ACCOUNT_UNAVAILABLE');
        const balance = await repo.readBalance(trx, m.accountId);
        throw new AppError('INSUFFICIENT_FUNDS', { extra: { balance: formatMoney(balance) } });
      }
      balances.set(m.memberId, after);
      let running = after - total;
      for (const leg of m.legs) {
        running += leg.amount;
        if (leg.leg)
          lineOf.set(leg.leg, { account_id: m.accountId, amount: leg.amount, balance_after: running });
      }
    }

    const balance = req.memberId === null ? null : balances.get(req.memberId)!;
    const stored = JSON.stringify(req.respond({ balance }));
    const entryId = await repo.insertEntryWithLines(
      trx,
      {
        operator_id: operatorId,
        kind: req.kind,
        member_id: req.memberId,
        currency,
        reference: req.reference ?? null,
        source: req.source,
        idem_key: req.key,
        request_hash: req.requestHash,
        response: stored,
        created_at: now(),
      },
      legs.map((leg) => lineOf.get(leg)!),
    );
    if (entryId === undefined) throw new ReplayRace();
    await req.apply?.(trx, { entryId, balance, legs });
    for (const [memberId, after] of balances) touched.members.set(memberId, after);
    for (const leg of legs) if ('house' in leg) touched.houses.add(leg.house);
    return { entryId, response: JSON.parse(stored) as R, duplicate: false };
  }

  const committedListeners: ((event: Committed) => void)[] = [];
  function notifyCommitted(
    req: PostRequest<unknown>,
    touched: { members: Map<number, number>; houses: Set<HousePurpose> },
  ) {
    const event: Committed = {
      operatorId: req.operatorId,
      kind: req.kind,
      currency: req.currency,
      reference: req.reference ?? null,
      members: [...touched.members].map(([memberId, balance]) => ({ memberId, balance })),
      houses: [...touched.houses],
    };
    for (const listener of committedListeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure is its own: the movement committed and its answer stands.
      }
    }
  }
  /** Calls `listener` after every movement commits (not for replays); see Committed. */
  function onCommitted(listener: (event: Committed) => void) {
    committedListeners.push(listener);
  }

  /** Posts one movement (or answers its replay); see PostRequest. */
  async function post<R>(req: PostRequest<R>): Promise<PostResult<R>> {
    if (!req.key || req.key.length > 128 || !req.source || req.source.length > 64)
      throw new Error('an entry needs an idempotency source and key');
    const fixedLegs = typeof req.legs === 'function' ? undefined : normaliseLegs(req.legs);
    for (let n = 1; ; n++) {
      const opened: [string, number][] = [];
      const touched = { members: new Map<number, number>(), houses: new Set<HousePurpose>() };
      try {
        const result = await db.transaction().execute((trx) => attempt(trx, req, fixedLegs, opened, touched));
        for (const [key, id] of opened) accountIds.set(key, id);
        if (!result.duplicate && committedListeners.length) notifyCommitted(req, touched);
        return result;
      } catch (error) {
        if (error instanceof ReplayRace) return answerRace(req);
        if (n < MAX_ATTEMPTS && isTransient(error)) continue;
        throw error;
      }
    }
  }

  /** A concurrent request with the same key committed first: its answer. */
  async function answerRace<R>(req: PostRequest<R>): Promise<PostResult<R>> {
    // Read in a transaction: with SQLite's group commit (decision 017) it returns only once the
    // first movement is durable, so a replay is never answered from a movement a crash could undo.
    const existing = await db
      .transaction()
      .execute((trx) => repo.findEntryByKey(trx, req.operatorId, req.source, req.key));
    if (!existing) throw new Error('the entry that won the idempotency race is missing');
    return replay<R>(existing, req.requestHash);
  }

  const oneRoundTrip = repo.inOneRoundTrip(db);

  /**
   * A seamless bet or win (legs: the member and `vendor:<code>`, `move.amount` each way), as `post`
   * would write it, in one round trip on PostgreSQL: one call of the database function
   * `ledger_seamless_move` (decision 035), which does `post`'s steps and the seamless service's
   * `apply` in the same order with the same rules. Whatever it does not handle goes to `post(req)`,
   * whose `apply` must therefore do the same: SQLite, a wallet or house account not opened yet, a zero
   * amount, and a member with a responsible-gambling profile (the function undoes itself and the
   * general path judges the limits under the member's lock, so no limit is decided outside it).
   */
  async function postSeamless<R>(
    req: PostRequest<R>,
    move: {
      action: 'bet' | 'win' | 'rollback';
      vendor: string;
      roundId: string;
      gameCode: string;
      amount: number;
      refTransactionId: string | null;
    },
  ): Promise<PostResult<R>> {
    if (!oneRoundTrip || req.memberId === null || (move.amount <= 0 && move.action !== 'rollback'))
      return post(req);
    // The stored answer is JSON whose first field is the balance: the function writes the balance
    // it moved to, then the rest as `respond` makes it.
    const head = `{"balance":"${formatMoney(0)}",`;
    const probe = JSON.stringify(req.respond({ balance: 0 }));
    if (!probe.startsWith(head)) return post(req);
    const memberId = req.memberId;
    const posted = await postInDatabase(
      req,
      () =>
        repo.seamlessMove(db, {
          ...move,
          operatorId: req.operatorId,
          memberId,
          currency: req.currency,
          key: req.key,
          requestHash: req.requestHash,
          at: now(),
          responseTail: probe.slice(head.length),
        }),
      // A rollback that refunded nothing (a tombstone, a duplicate) moved no house account.
      (out) => (move.action !== 'rollback' || out.refunded ? [`vendor:${move.vendor}`] : []),
    );
    return posted === 'general' ? post(req) : posted;
  }

  /**
   * A movement done by one database function call (one round trip, PostgreSQL; decision 035), for
   * the caller's function and `post`'s rules: `run` answers `status` ok (moved: listeners are told,
   * with `houses(out)` as the house accounts it moved), replay (the stored answer), slow (nothing
   * written: the general path must take it) or a refusal code; SQLSTATE PH001 is a refusal that
   * undid what was written (the code is its message), PH002 a concurrent request with the same key
   * that committed first, PH003 a member with limits and PH004 a decision the general path must make
   * again: 'general' then, and the caller posts through `post`.
   */
  async function postInDatabase<R, O extends InDatabaseOutcome>(
    req: PostRequest<R>,
    run: () => Promise<O>,
    houses: (out: O) => HousePurpose[],
  ): Promise<PostResult<R> | 'general'> {
    const memberId = req.memberId!;
    for (let n = 1; ; n++) {
      let out: O;
      try {
        out = await run();
      } catch (error) {
        const { code, message } = error as { code?: unknown; message?: unknown };
        if (code === 'PH001' && IN_DATABASE_REFUSALS.has(message as InDatabaseRefusal))
          throw new AppError(message as InDatabaseRefusal);
        if (code === 'PH002') return answerRace(req);
        if (code === 'PH003' || code === 'PH004') return 'general';
        if (n < MAX_ATTEMPTS && isTransient(error)) continue;
        throw error;
      }
      switch (out.status) {
        case 'ok': {
          if (committedListeners.length)
            notifyCommitted(req as PostRequest<unknown>, {
              members: new Map([[memberId, Number(out.balance)]]),
              houses: new Set(houses(out)),
            });
          return {
            entryId: Number(out.entry_id),
            response: JSON.parse(out.response!) as R,
            duplicate: false,
          };
        }
        case 'replay':
          return { entryId: Number(out.entry_id), response: JSON.parse(out.response!) as R, duplicate: true };
        case 'slow':
          return 'general';
        case 'IDEMPOTENCY_MISMATCH':
        case 'ACCOUNT_UNAVAILABLE':
          throw new AppError(out.status);
        case 'INSUFFICIENT_FUNDS':
          throw new AppError('INSUFFICIENT_FUNDS', { extra: { balance: formatMoney(Number(out.balance)) } });
        default:
          throw new Error(`a ledger function answered ${out.status}`);
      }
    }
  }

  /**
   * Takes the member's wallet lock inside the caller's transaction: the row lock every movement of
   * the member takes first (statement 2, with Δ = 0), opening the wallet when it has none yet. A
   * limit decided after it sees every movement of the member committed, and no movement of theirs
   * (nor another caller of this) gets past the lock until the caller's transaction ends, so a limit
   * read here and the row that uses it are one atomic step (decision 023). Answers the balance.
   */
  async function lockMember(trx: Db, operatorId: number, memberId: number, currency: string) {
    // Not remembered: the caller's transaction may still roll back an account it opened.
    const id = await accountId(trx, [], operatorId, { memberId }, currency);
    const balance = await repo.moveBalance(trx, id, 0);
    if (balance === undefined) throw new Error(`wallet ${id} could not be locked`);
    return balance;
  }

  /**
   * Many credits in one short transaction (draw settlement and refunds): one entry per credit with
   * its own key, exactly like `post` would write it (house line, then the member line with its
   * balance after), but the members' accounts are locked together in id order, keys already posted
   * are skipped (a rerun after a crash pays nothing twice), and the entries, lines and balances are
   * written with a few multi-row statements instead of a transaction each.
   */
  async function postBatch(req: BatchRequest) {
    for (const item of req.items) {
      if (!Number.isSafeInteger(item.amount) || item.amount <= 0)
        throw new Error('batch credits are positive');
      if (!item.key || item.key.length > 128) throw new Error('an entry needs an idempotency key');
    }
    for (let n = 1; ; n++) {
      const opened: [string, number][] = [];
      try {
        const result = await db.transaction().execute(async (trx) => {
          const at = now();
          const houseId = await accountId(trx, opened, req.operatorId, { purpose: req.house }, req.currency);
          const accounts = await repo.lockMemberAccounts(
            trx,
            req.items.map((i) => i.memberId),
            req.currency,
          );
          // Looked up once the members are locked: a concurrent run of the same batch has committed.
          const skipped = await repo.existingKeys(
            trx,
            req.operatorId,
            req.source,
            req.items.map((i) => i.key),
          );
          const todo = req.items.filter((i) => !skipped.has(i.key));
          const running = new Map<number, number>();
          const deltas = new Map<number, number>();
          const rows = todo.map((item) => {
            const account = accounts.get(item.memberId);
            if (!account) throw new Error(`member ${item.memberId} has no ${req.currency} wallet`);
            const balance = (running.get(item.memberId) ?? account.balance) + item.amount;
            running.set(item.memberId, balance);
            deltas.set(account.accountId, (deltas.get(account.accountId) ?? 0) + item.amount);
            return { item, accountId: account.accountId, balance };
          });
          const ids = await repo.insertEntries(
            trx,
            rows.map(({ item, balance }) => ({
              operator_id: req.operatorId,
              kind: req.kind,
              member_id: item.memberId,
              currency: req.currency,
              reference: item.reference,
              source: req.source,
              idem_key: item.key,
              request_hash: requestHash({ memberId: item.memberId, amount: item.amount }),
              response: JSON.stringify({ balance: formatMoney(balance) }),
              created_at: at,
            })),
          );
          if (ids.size !== rows.length) throw new Error('a batch key was taken while the batch was written');
          await repo.insertManyLines(
            trx,
            rows.flatMap(({ item, accountId: memberAccount, balance }) => [
              {
                entry_id: ids.get(item.key)!,
                account_id: houseId,
                amount: -item.amount,
                balance_after: null,
              },
              {
                entry_id: ids.get(item.key)!,
                account_id: memberAccount,
                amount: item.amount,
                balance_after: balance,
              },
            ]),
          );
          await repo.addToBalances(trx, deltas);
          const posted = new Map(
            rows.map(({ item, balance }) => [item.key, { entryId: ids.get(item.key)!, balance }]),
          );
          await req.apply(trx, { posted, skipped });
          return { posted, skipped };
        });
        for (const [key, id] of opened) accountIds.set(key, id);
        if (committedListeners.length)
          // Each credit paid now is a movement of its own for the listeners (the live channel).
          for (const item of req.items) {
            const paid = result.posted.get(item.key);
            if (!paid) continue;
            notifyCommitted(
              {
                operatorId: req.operatorId,
                kind: req.kind,
                currency: req.currency,
                reference: item.reference,
              } as PostRequest<unknown>,
              { members: new Map([[item.memberId, paid.balance]]), houses: new Set([req.house]) },
            );
          }
        return result;
      } catch (error) {
        if (n < MAX_ATTEMPTS && isTransient(error)) continue;
        throw error;
      }
    }
  }

  /** The stored result of an earlier movement, if this key was posted (no hash check). */
  async function find(operatorId: number, source: string, key: string) {
    // In a transaction, so that an answer is only read from a durable movement (see post()).
    const existing = await db
      .transaction()
      .execute((trx) => repo.findEntryByKey(trx, operatorId, source, key));
    return existing && { entryId: Number(existing.id), response: JSON.parse(existing.response) as unknown };
  }

  /** A member by id or user name with their currency and balance, in one indexed read. */
  async function wallet(where: { memberId: number } | { operatorId: number; userName: string }) {
    const row = await repo.findMemberWallet(
      db,
      'memberId' in where
        ? where
        : { operatorId: where.operatorId, username: where.userName.trim().toLowerCase() },
    );
    if (!row) return undefined;
    return {
      memberId: Number(row.id),
      operatorId: Number(row.operator_id),
      userName: row.username,
      active: row.status === 'active',
      currency: row.currency,
      balance: Number(row.balance ?? 0),
    };
  }

  // A member's id, user name and currency never change once the member exists, so the seamless
  // wallet's look-up by user name is remembered; status and balance are always read fresh (a stake
  // judges the status inside its movement: activeMemberOnly).
  const identities = boundedMemo<string, { memberId: number; userName: string; currency: string }>(50_000);

  /** Who a provider's user name is (undefined for no such member), without their balance. */
  async function identity(operatorId: number, userName: string) {
    const key = `${operatorId}|${userName.trim().toLowerCase()}`;
    const known = identities.get(key);
    if (known) return known;
    const found = await wallet({ operatorId, userName });
    if (!found) return undefined;
    const id = { memberId: found.memberId, userName: found.userName, currency: found.currency };
    identities.set(key, id);
    return id;
  }

  /**
   * What the member staked over `range` (repo.stakesBySource: stake lines less refunds, never a
   * round's net), in total and by source. Pass the caller's transaction to read under its lock.
   */
  async function stakedBySource(memberId: number, range: repo.StakeRange, trx: Db = db) {
    return repo.stakesBySource(trx, memberId, range);
  }
  async function staked(memberId: number, range: repo.StakeRange, trx: Db = db) {
    const bySource = await repo.stakesBySource(trx, memberId, range);
    return Math.max(
      0,
      bySource.reduce((sum, s) => sum + s.staked, 0),
    );
  }

  /** A house account's balance: the sum of its lines (never cached; see decision 012). */
  async function houseBalance(operatorId: number, purpose: HousePurpose, currency: string): Promise<number> {
    const id = await repo.findHouseAccountId(db, operatorId, purpose, currency);
    return id === undefined ? 0 : repo.sumAccountLines(db, id);
  }

  /**
   * The ledger check: every entry sums to zero, every cached balance equals the sum of its lines, no
   * balance is or was negative, no line is orphaned or in another currency than its entry. One
   * snapshot (repeatable read on PostgreSQL), so money moving meanwhile cannot look like a breach.
   */
  async function verify(scope: { operatorId?: number } = {}): Promise<LedgerVerify> {
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const breaches: LedgerVerify['breaches'] = [];
        const entries = await repo.countEntries(trx, scope);
        for (const r of await repo.unbalancedEntries(trx, scope))
          breaches.push({
            kind: 'unbalanced_entry',
            id: Number(r.entry_id),
            detail: `lines sum to ${formatMoney(Number(r.total))}`,
          });
        for (const r of await repo.balanceMismatches(trx, scope))
          breaches.push({
            kind: 'balance_mismatch',
            id: Number(r.id),
            detail: `cached ${formatMoney(Number(r.balance))}, lines sum to ${formatMoney(Number(r.total))}`,
          });
        for (const r of await repo.negativeBalances(trx, scope))
          breaches.push({
            kind: 'negative_balance',
            id: Number(r.id),
            detail:
              r.balance === null
                ? 'member account without a balance'
                : `balance ${formatMoney(Number(r.balance))}`,
          });
        for (const r of await repo.negativeBalancesAfter(trx, scope))
          breaches.push({
            kind: 'negative_balance',
            id: Number(r.id),
            detail: `line left the balance at ${formatMoney(Number(r.balance_after))}`,
          });
        for (const r of await repo.orphanLines(trx, scope))
          breaches.push({
            kind: 'orphan_line',
            id: Number(r.id),
            detail:
              r.found_entry === null
                ? `entry ${r.entry_id} does not exist`
                : r.found_account === null
                  ? `account ${r.account_id} does not exist`
                  : `account ${r.account_id} belongs to another operator than entry ${r.entry_id}`,
          });
        for (const r of await repo.currencyMismatches(trx, scope))
          breaches.push({
            kind: 'currency_mismatch',
            id: Number(r.id),
            detail: `line on a ${r.account_currency} account in a ${r.entry_currency} entry`,
          });
        return { ok: breaches.length === 0, entries, breaches };
      });
  }

  /** A member's entries with their lines, newest first (back office). */
  async function memberLedger(
    operatorId: number,
    userName: string,
    page: { pageNo: number; pageSize: number },
  ) {
    const member = await wallet({ operatorId, userName });
    if (!member) throw new AppError('NOT_FOUND');
    const { rows, total } = await repo.listMemberEntries(db, member.memberId, {
      offset: (page.pageNo - 1) * page.pageSize,
      limit: page.pageSize,
    });
    const lines = await repo.linesOfEntries(
      db,
      rows.map((r) => Number(r.id)),
    );
    return {
      list: rows.map((entry) => {
        const own = lines.filter((l) => Number(l.entry_id) === Number(entry.id));
        const mine = own.filter((l) => l.username === member.userName);
        const last = mine.at(-1);
        return {
          id: Number(entry.id),
          kind: entry.kind as EntryKind,
          currency: entry.currency,
          reference: entry.reference,
          source: entry.source,
          key: entry.idem_key,
          amount: formatMoney(mine.reduce((sum, l) => sum + Number(l.amount), 0)),
          balanceAfter: last ? formatMoney(Number(last.balance_after)) : null,
          createdAt: Number(entry.created_at),
          lines: own.map((l) => ({
            account: l.username !== null ? `member:${l.username}` : (l.purpose ?? `account:${l.account_id}`),
            amount: formatMoney(Number(l.amount)),
            balanceAfter: l.balance_after === null ? null : formatMoney(Number(l.balance_after)),
          })),
        };
      }),
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      totalCount: total,
      totalPages: Math.ceil(total / page.pageSize),
    };
  }

  return {
    post,
    postSeamless,
    postInDatabase,
    /** Whether movements can be one database function call (PostgreSQL, decision 035). */
    oneRoundTrip,
    postBatch,
    lockMember,
    staked,
    stakedBySource,
    find,
    wallet,
    identity,
    houseBalance,
    verify,
    memberLedger,
    onCommitted,
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
