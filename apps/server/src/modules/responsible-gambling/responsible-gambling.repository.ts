import { sql } from 'kysely';
import type { RgLimitsTable } from '@playhouse/db/schema';
import { memberLineKind } from '../ledger/ledger.repository.ts';
import type { Db } from '../operators/operators.repository.ts';

/**
 * Responsible gambling's SQL: the member's profile and limits, and read-only sums of the member's
 * journal lines (decision 013). Every function takes the connection it runs on first: a stake's
 * check runs on the stake's transaction.
 */

export function findProfile(db: Db, memberId: number) {
  return db.selectFrom('rg_profiles').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/**
 * The member's profile row, created when missing. Written either way, so on PostgreSQL it holds the
 * row's lock until the transaction ends: changes of one member's settings are made one at a time.
 */
export function lockProfile(db: Db, memberId: number, operatorId: number, at: number) {
  return db
    .insertInto('rg_profiles')
    .values({
      member_id: memberId,
      operator_id: operatorId,
      reality_check_minutes: null,
      timeout_until: null,
      self_excluded_until: null,
      rollup_until: null,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ updated_at: at }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateProfile(
  db: Db,
  memberId: number,
  patch: {
    reality_check_minutes?: number | null;
    timeout_until?: number;
    self_excluded_until?: number;
    rollup_until?: number;
  },
  at: number,
): Promise<void> {
  await db
    .updateTable('rg_profiles')
    .set({ ...patch, updated_at: at })
    .where('member_id', '=', memberId)
    .execute();
}

export function listLimits(db: Db, memberId: number) {
  return db.selectFrom('rg_limits').selectAll().where('member_id', '=', memberId).execute();
}

export async function saveLimit(
  db: Db,
  row: Pick<RgLimitsTable, 'member_id' | 'kind' | 'period' | 'amount' | 'pending_amount' | 'pending_at'>,
  at: number,
): Promise<void> {
  const { amount, pending_amount, pending_at } = row;
  await db
    .insertInto('rg_limits')
    .values({ ...row, updated_at: at })
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'kind', 'period'])
        .doUpdateSet({ amount, pending_amount, pending_at, updated_at: at }),
    )
    .execute();
}

/**
 * Lines of a member's own account in their entries of the given kinds created after `after` (and
 * before `before`), through `ledger_entries_member_time` (member, created_at): a range scan of that
 * member's entries, each joined to its lines by `ledger_lines_entry`.
 */
function memberLines(
  db: Db,
  memberId: number,
  kinds: readonly string[],
  range: { after: number; before?: number | null | undefined; exclude?: number | undefined },
) {
  let q = db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_lines as l', 'l.entry_id', 'e.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
    .where('e.member_id', '=', memberId)
    .where('e.created_at', '>', range.after)
    .where(memberLineKind, 'in', [...kinds])
    .where('a.member_id', '=', memberId);
  if (range.before !== undefined && range.before !== null) q = q.where('e.created_at', '<', range.before);
  if (range.exclude !== undefined) q = q.where('e.id', '<>', range.exclude);
  return q;
}

/** The member's lines summed per entry kind over a stretch of the journal. */
export async function sumJournal(
  db: Db,
  memberId: number,
  kinds: readonly string[],
  range: { after: number; before?: number | null | undefined; exclude?: number | undefined },
): Promise<Record<string, number>> {
  if (!kinds.length) return {};
  const rows = await memberLines(db, memberId, kinds, range)
    .select([memberLineKind.as('kind'), (eb) => eb.fn.sum<string | number>('l.amount').as('amount')])
    .groupBy(memberLineKind)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.amount)]));
}

/** The member's entries of these kinds over a stretch, oldest first, with the sum of their own lines. */
export async function journalEntries(
  db: Db,
  memberId: number,
  kinds: readonly string[],
  range: { after: number; before?: number | null | undefined; exclude?: number | undefined },
): Promise<{ at: number; amount: number }[]> {
  const rows = await memberLines(db, memberId, kinds, range)
    .select(['e.id', 'e.created_at', (eb) => eb.fn.sum<string | number>('l.amount').as('amount')])
    .groupBy(['e.id', 'e.created_at'])
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({ at: Number(r.created_at), amount: Number(r.amount) }));
}

/** The member's lines summed per hour and entry kind over [from, to), hour boundaries both. */
export async function journalHours(
  db: Db,
  memberId: number,
  kinds: readonly string[],
  from: number,
  to: number,
) {
  const hour = sql<number>`e.created_at - (e.created_at % 3600000)`;
  const rows = await memberLines(db, memberId, kinds, { after: from - 1, before: to })
    .select([
      hour.as('hour'),
      memberLineKind.as('kind'),
      (eb) => eb.fn.sum<string | number>('l.amount').as('amount'),
    ])
    .groupBy([hour, memberLineKind])
    .execute();
  return rows.map((r) => ({ hour: Number(r.hour), kind: r.kind, amount: Number(r.amount) }));
}

/** Keeps hourly sums (recomputed sums replace what was there). */
export async function saveHours(
  db: Db,
  memberId: number,
  rows: readonly { hour: number; kind: string; amount: number }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('rg_hourly')
      .values(rows.slice(i, i + 500).map((r) => ({ member_id: memberId, ...r })))
      .onConflict((oc) =>
        oc
          .columns(['member_id', 'hour', 'kind'])
          .doUpdateSet((eb) => ({ amount: eb.ref('excluded.amount') })),
      )
      .execute();
}

export async function pruneHours(db: Db, memberId: number, before: number): Promise<void> {
  await db.deleteFrom('rg_hourly').where('member_id', '=', memberId).where('hour', '<', before).execute();
}

/**
 * Kept hourly sums per entry kind for several windows in one pass: `windows` maps each window to
 * its first hour; every window ends before `until`.
 */
export async function sumHours(
  db: Db,
  memberId: number,
  kinds: readonly string[],
  windows: readonly (readonly [string, number])[],
  until: number,
): Promise<Record<string, Record<string, number>>> {
  if (!windows.length || !kinds.length) return {};
  const earliest = Math.min(...windows.map(([, from]) => from));
  const rows = await db
    .selectFrom('rg_hourly')
    .select('kind')
    .select(
      windows.map(([name, from]) =>
        sql<string | number>`coalesce(sum(case when hour >= ${from} then amount else 0 end), 0)`.as(name),
      ),
    )
    .where('member_id', '=', memberId)
    .where('hour', '>=', earliest)
    .where('hour', '<', until)
    .where('kind', 'in', [...kinds])
    .groupBy('kind')
    .execute();
  const out: Record<string, Record<string, number>> = {};
  for (const row of rows) {
    const record = row as unknown as Record<string, string | number>;
    out[String(record.kind)] = Object.fromEntries(windows.map(([name]) => [name, Number(record[name])]));
  }
  return out;
}

/** Kept hours of these kinds over [from, until), oldest first, each with its summed lines. */
export async function listHours(
  db: Db,
  memberId: number,
  kinds: readonly string[],
  from: number,
  until: number,
) {
  const rows = await db
    .selectFrom('rg_hourly')
    .select(['hour', (eb) => eb.fn.sum<string | number>('amount').as('amount')])
    .where('member_id', '=', memberId)
    .where('hour', '>=', from)
    .where('hour', '<', until)
    .where('kind', 'in', [...kinds])
    .groupBy('hour')
    .orderBy('hour')
    .execute();
  return rows.map((r) => ({ at: Number(r.hour), amount: Number(r.amount) }));
}
