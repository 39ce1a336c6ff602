import { sql } from 'kysely';
import { memberLineKind } from '../ledger/ledger.repository.ts';
import type { Db } from '../operators/operators.repository.ts';

/**
 * Reads of a member's journal for the account record and statements; nothing here writes (money
 * moves only through the ledger's service). A member's movements are the entries that name them
 * and carry a line on their wallet account, found through `ledger_entries_member_time`
 * (member_id, created_at): a range scan of the period, each entry joined to its line on the wallet
 * by `ledger_lines_entry`. An entry that moved nothing of theirs (a rollback tombstone) has no line
 * there and is not a movement.
 */

export interface Scope {
  memberId: number;
  accountId: number;
}

/** The member's currency and wallet account (undefined before any money moved). */
export function findWalletAccount(db: Db, memberId: number) {
  return db
    .selectFrom('members as m')
    .leftJoin('ledger_accounts as a', (join) =>
      join.onRef('a.member_id', '=', 'm.id').onRef('a.currency', '=', 'm.currency'),
    )
    .select(['m.currency', 'a.id as account_id'])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
}

function movementsOf(db: Db, scope: Scope) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_lines as l', (join) =>
      join.onRef('l.entry_id', '=', 'e.id').on('l.account_id', '=', scope.accountId),
    )
    .where('e.member_id', '=', scope.memberId);
}

/**
 * A movement is one line on the member's wallet: an in-house round's stake and win are two (the win
 * counted as a `win`, memberLineKind), ordered and paged by the line's id.
 */
const MOVEMENT = [
  'l.id',
  memberLineKind.as('kind'),
  'e.reference',
  'e.created_at',
  'l.amount',
  'l.balance_after',
] as const;

/** One page of movements in [from, to), newest first. */
export function listMovements(
  db: Db,
  scope: Scope,
  filter: { from: number; to: number; kinds?: readonly string[] | undefined },
  page: { offset: number; limit: number },
) {
  let q = movementsOf(db, scope)
    .select(MOVEMENT)
    .where('e.created_at', '>=', filter.from)
    .where('e.created_at', '<', filter.to);
  if (filter.kinds) q = q.where(memberLineKind, 'in', filter.kinds);
  return q
    .orderBy('e.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/**
 * Movements in [from, to) oldest first, after a cursor (keyset paging: a statement streams any
 * number of them without holding them all, and without OFFSET's rescans).
 */
export function movementsAfter(
  db: Db,
  scope: Scope,
  filter: { from: number; to: number },
  after: { createdAt: number; id: number } | undefined,
  limit: number,
) {
  let q = movementsOf(db, scope)
    .select(MOVEMENT)
    .where('e.created_at', '>=', filter.from)
    .where('e.created_at', '<', filter.to);
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('e.created_at', '>', after.createdAt),
        eb.and([eb('e.created_at', '=', after.createdAt), eb('l.id', '>', after.id)]),
      ]),
    );
  return q.orderBy('e.created_at').orderBy('l.id').limit(limit).execute();
}

/** Per entry kind in [from, to): how many movements, what came in and what went out. */
export async function sumsByKind(db: Db, scope: Scope, filter: { from: number; to: number }) {
  const rows = await movementsOf(db, scope)
    .select([
      memberLineKind.as('kind'),
      (eb) => eb.fn.countAll<string | number>().as('n'),
      sql<string | number>`coalesce(sum(case when l.amount > 0 then l.amount else 0 end), 0)`.as('total_in'),
      sql<string | number>`coalesce(sum(case when l.amount < 0 then l.amount else 0 end), 0)`.as('total_out'),
    ])
    .where('e.created_at', '>=', filter.from)
    .where('e.created_at', '<', filter.to)
    .groupBy(memberLineKind)
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    count: Number(r.n),
    totalIn: Number(r.total_in),
    totalOut: Number(r.total_out),
  }));
}

/**
 * The member's balance just before `before`: the balance after their last movement before it, or
 * undefined when they had none. Ties at one millisecond go to the later entry (ids follow the order
 * in which the wallet's row lock let movements through).
 */
export async function balanceBefore(db: Db, scope: Scope, before: number): Promise<number | undefined> {
  const row = await movementsOf(db, scope)
    .select('l.balance_after')
    .where('e.created_at', '<', before)
    .orderBy('e.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.balance_after) : undefined;
}
