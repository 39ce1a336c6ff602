import { MEMBER_TYPE } from '@playhouse/contract/account';
import { PostgresAdapter, sql, type Insertable } from 'kysely';
import type { LedgerEntriesTable, LedgerLinesTable } from '@playhouse/db/schema';
import type { Db } from '../operators/operators.repository.ts';

/**
 * The ledger's SQL. Every function takes the connection it runs on first: the service passes its
 * transaction for everything that must commit together with a movement.
 */

// ---------- accounts ----------

export async function findMemberAccountId(db: Db, memberId: number, currency: string) {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('member_id', '=', memberId)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export async function findHouseAccountId(db: Db, operatorId: number, purpose: string, currency: string) {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('operator_id', '=', operatorId)
    .where('purpose', '=', purpose)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** Opens a wallet or house account unless it exists (a concurrent opener keeps the same row). */
export async function insertAccount(
  db: Db,
  row: { operatorId: number; memberId: number | null; purpose: string | null; currency: string },
  at: number,
): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values({
      operator_id: row.operatorId,
      member_id: row.memberId,
      purpose: row.purpose,
      currency: row.currency,
      balance: row.memberId === null ? null : 0,
      created_at: at,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * The one statement that moves a member's money: adds `delta` unless the balance would go below
 * zero, and returns the new balance (undefined when refused). It also takes the row's lock, which
 * every other movement of this member waits for until the transaction ends; with `delta` 0 it is
 * only that lock and a read.
 */
export async function moveBalance(
  db: Db,
  accountId: number,
  delta: number,
  activeMember?: number,
  /**
   * Several legs of one account in one statement: the lowest running sum of their amounts, in
   * order, so that no leg takes the balance below zero on the way (a stake judged before its win).
   */
  lowest = delta,
): Promise<number | undefined> {
  let q = db
    .updateTable('ledger_accounts')
    .set((eb) => ({ balance: eb('balance', '+', delta) }))
    .where('id', '=', accountId)
    .where((eb) => eb(eb('balance', '+', lowest), '>=', 0));
  // A stake: the member must be active, judged in the same statement that moves the money.
  if (activeMember !== undefined)
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('members').select('id').where('id', '=', activeMember).where('status', '=', 'active'),
      ),
    );
  const row = await q.returning('balance').executeTakeFirst();
  return row ? Number(row.balance) : undefined;
}

export async function isMemberActive(db: Db, memberId: number): Promise<boolean> {
  const row = await db.selectFrom('members').select('status').where('id', '=', memberId).executeTakeFirst();
  return row?.status === 'active';
}

/** A trial (free-play) account: it may play, never receive real money from the house's bonus account. */
export async function isTrialMember(db: Db, memberId: number): Promise<boolean> {
  const row = await db.selectFrom('members').select('type').where('id', '=', memberId).executeTakeFirst();
  return Number(row?.type) === MEMBER_TYPE.TRIAL;
}

export async function readBalance(db: Db, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** A member, their currency and that wallet's balance (null before the wallet opens): one indexed read. */
export function findMemberWallet(
  db: Db,
  where: { memberId: number } | { operatorId: number; username: string },
) {
  let q = db
    .selectFrom('members as m')
    .leftJoin('ledger_accounts as a', (join) =>
      join.onRef('a.member_id', '=', 'm.id').onRef('a.currency', '=', 'm.currency'),
    )
    .select([
      'm.id',
      'm.operator_id',
      'm.username',
      'm.status',
      'm.currency',
      'a.id as account_id',
      'a.balance',
    ]);
  q =
    'memberId' in where
      ? q.where('m.id', '=', where.memberId)
      : q.where('m.operator_id', '=', where.operatorId).where('m.username', '=', where.username);
  return q.executeTakeFirst();
}

/** The sum of a house account's lines, its balance (house balances are not cached). */
export async function sumAccountLines(db: Db, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_lines')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * What a member line counts as, for limits, statements and the account record: its entry's kind,
 * except that money paid back to the member in a `bet` entry (an in-house round takes the stake and
 * pays the win in one entry, as two member lines) counts as a `win`. For queries that name the
 * entry `e` and the line `l`.
 */
export const memberLineKind = sql<string>`case when e.kind = 'bet' and l.amount > 0 then 'win' else e.kind end`;

/** Which of a member's entries a stake sum covers: ids in (afterEntry, untilEntry], times in [from, to). */
export interface StakeRange {
  afterEntry?: number | undefined;
  untilEntry?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * What a member staked, per entry source: the one rule for wagering (withdrawal turnover, the wager
 * mission, VIP progress and rebate). Their own stake lines (the debit of a `bet` entry) less the
 * stakes rollbacks refunded; the win line of an in-house round's entry is a `win` (memberLineKind)
 * and never counts, so a round adds its stake whatever it paid back.
 */
export async function stakesBySource(db: Db, memberId: number, range: StakeRange) {
  let q = db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_lines as l', 'l.entry_id', 'e.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
    .select(['e.source as source', (eb) => eb.fn.sum<number>('l.amount').as('total')])
    .where('e.member_id', '=', memberId)
    .where('e.kind', 'in', ['bet', 'rollback'])
    .where(memberLineKind, 'in', ['bet', 'rollback'])
    .where('a.member_id', '=', memberId);
  if (range.afterEntry !== undefined) q = q.where('e.id', '>', range.afterEntry);
  if (range.untilEntry !== undefined) q = q.where('e.id', '<=', range.untilEntry);
  if (range.from !== undefined) q = q.where('e.created_at', '>=', range.from);
  if (range.to !== undefined) q = q.where('e.created_at', '<', range.to);
  const rows = await q.groupBy('e.source').execute();
  return rows.map((r) => ({ source: r.source, staked: -Number(r.total) }));
}

// ---------- entries ----------

export function findEntryByKey(db: Db, operatorId: number, source: string, key: string) {
  return db
    .selectFrom('ledger_entries')
    .select(['id', 'request_hash', 'response'])
    .where('operator_id', '=', operatorId)
    .where('source', '=', source)
    .where('idem_key', '=', key)
    .executeTakeFirst();
}

/**
 * Writes an entry unless its idempotency key is taken; undefined when it is. On PostgreSQL a
 * concurrent writer of the same key makes this wait until that transaction ends, so the loser sees
 * the winner's committed entry instead of a second movement.
 */
export async function insertEntry(db: Db, row: Insertable<LedgerEntriesTable>): Promise<number | undefined> {
  const inserted = await db
    .insertInto('ledger_entries')
    .values(row)
    .onConflict((oc) => oc.columns(['operator_id', 'source', 'idem_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? Number(inserted.id) : undefined;
}

export async function insertLines(db: Db, rows: Insertable<LedgerLinesTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('ledger_lines').values(rows).execute();
}

type NewLine = Omit<Insertable<LedgerLinesTable>, 'entry_id'>;

/**
 * Writes an entry and its lines unless the entry's idempotency key is taken (undefined then, and
 * no line is written). On PostgreSQL this is one statement (a data-modifying CTE), so one round
 * trip; on SQLite, where a statement is a function call, the two inserts run one after the other.
 */
export async function insertEntryWithLines(
  db: Db,
  entry: Insertable<LedgerEntriesTable>,
  lines: NewLine[],
): Promise<number | undefined> {
  if (!lines.length || !(db.getExecutor().adapter instanceof PostgresAdapter)) {
    const entryId = await insertEntry(db, entry);
    if (entryId !== undefined)
      await insertLines(
        db,
        lines.map((l) => ({ ...l, entry_id: entryId })),
      );
    return entryId;
  }
  const values = sql.join(
    lines.map((l) => sql`(${l.account_id}::bigint, ${l.amount}::bigint, ${l.balance_after ?? null}::bigint)`),
  );
  const { rows } = await sql<{ entry_id: number }>`
    with e as (
      insert into ledger_entries
        (operator_id, kind, member_id, currency, reference, source, idem_key, request_hash, response, created_at)
      values (${entry.operator_id}, ${entry.kind}, ${entry.member_id ?? null}, ${entry.currency},
        ${entry.reference ?? null}, ${entry.source}, ${entry.idem_key}, ${entry.request_hash},
        ${entry.response}, ${entry.created_at})
      on conflict (operator_id, source, idem_key) do nothing
      returning id
    )
    insert into ledger_lines (entry_id, account_id, amount, balance_after)
    select e.id, v.account_id, v.amount, v.balance_after
    from e cross join (values ${values}) as v (account_id, amount, balance_after)
    returning entry_id`.execute(db);
  return rows.length ? Number(rows[0]!.entry_id) : undefined;
}

// ---------- batches (many one-member credits in one transaction) ----------

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;
/** Rows per multi-row statement: well inside both dialects' bound-parameter limits. */
const CHUNK = 1000;

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Locks the members' wallet accounts in id order (PostgreSQL; SQLite has one writer) and reads their
 * balances: every movement of these members waits until the batch commits.
 */
export async function lockMemberAccounts(db: Db, memberIds: number[], currency: string) {
  const found = new Map<number, { accountId: number; balance: number }>();
  for (const part of chunks([...new Set(memberIds)])) {
    let q = db
      .selectFrom('ledger_accounts')
      .select(['id', 'member_id', 'balance'])
      .where('member_id', 'in', part)
      .where('currency', '=', currency)
      .orderBy('id');
    if (isPostgres(db)) q = q.forUpdate();
    for (const r of await q.execute())
      found.set(Number(r.member_id), { accountId: Number(r.id), balance: Number(r.balance) });
  }
  return found;
}

/** Which of these keys were posted already. */
export async function existingKeys(db: Db, operatorId: number, source: string, keys: string[]) {
  const seen = new Set<string>();
  for (const part of chunks(keys)) {
    const rows = await db
      .selectFrom('ledger_entries')
      .select('idem_key')
      .where('operator_id', '=', operatorId)
      .where('source', '=', source)
      .where('idem_key', 'in', part)
      .execute();
    for (const r of rows) seen.add(r.idem_key);
  }
  return seen;
}

/** Writes entries (keys known to be free) and answers their ids by key. */
export async function insertEntries(db: Db, rows: Insertable<LedgerEntriesTable>[]) {
  const ids = new Map<string, number>();
  for (const part of chunks(rows)) {
    const inserted = await db
      .insertInto('ledger_entries')
      .values(part)
      .returning(['id', 'idem_key'])
      .execute();
    for (const r of inserted) ids.set(r.idem_key, Number(r.id));
  }
  return ids;
}

export async function insertManyLines(db: Db, rows: Insertable<LedgerLinesTable>[]) {
  for (const part of chunks(rows)) await db.insertInto('ledger_lines').values(part).execute();
}

/** Adds each delta to its (locked) account's cached balance. */
export async function addToBalances(db: Db, deltas: Map<number, number>) {
  const list = [...deltas].filter(([, d]) => d !== 0);
  if (!isPostgres(db)) {
    for (const [id, d] of list)
      await db
        .updateTable('ledger_accounts')
        .set((eb) => ({ balance: eb('balance', '+', d) }))
        .where('id', '=', id)
        .execute();
    return;
  }
  for (const part of chunks(list)) {
    const values = sql.join(part.map(([id, d]) => sql`(${id}::bigint, ${d}::bigint)`));
    await sql`update ledger_accounts as a set balance = a.balance + v.d
      from (values ${values}) as v (id, d) where a.id = v.id`.execute(db);
  }
}

export async function listMemberEntries(db: Db, memberId: number, page: { offset: number; limit: number }) {
  const base = db.selectFrom('ledger_entries').where('member_id', '=', memberId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Lines of some entries with the account each names (`member:<username>` or the house purpose). */
export function linesOfEntries(db: Db, entryIds: number[]) {
  if (!entryIds.length) return Promise.resolve([]);
  return db
    .selectFrom('ledger_lines as l')
    .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
    .leftJoin('members as m', 'm.id', 'a.member_id')
    .select(['l.id', 'l.entry_id', 'l.account_id', 'l.amount', 'l.balance_after', 'a.purpose', 'm.username'])
    .where('l.entry_id', 'in', entryIds)
    .orderBy('l.id')
    .execute();
}

// ---------- the ledger check ----------

type Scope = { operatorId?: number | undefined };
const LIMIT = 1000;

export async function countEntries(db: Db, { operatorId }: Scope): Promise<number> {
  let q = db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<number>().as('n'));
  if (operatorId !== undefined) q = q.where('operator_id', '=', operatorId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Entries whose lines do not sum to zero. */
export function unbalancedEntries(db: Db, { operatorId }: Scope) {
  let q = db
    .selectFrom('ledger_lines as l')
    .innerJoin('ledger_entries as e', 'e.id', 'l.entry_id')
    .select(['l.entry_id', (eb) => eb.fn.sum<number>('l.amount').as('total')])
    .groupBy('l.entry_id')
    .having((eb) => eb.fn.sum('l.amount'), '<>', 0);
  if (operatorId !== undefined) q = q.where('e.operator_id', '=', operatorId);
  return q.limit(LIMIT).execute();
}

/** Member accounts whose cached balance is not the sum of their lines. */
export function balanceMismatches(db: Db, { operatorId }: Scope) {
  let q = db
    .selectFrom('ledger_accounts as a')
    .leftJoin('ledger_lines as l', 'l.account_id', 'a.id')
    .select([
      'a.id',
      'a.balance',
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('l.amount'), sql<number>`0`).as('total'),
    ])
    .where('a.member_id', 'is not', null)
    .groupBy(['a.id', 'a.balance'])
    .having(
      (eb) => eb.fn.coalesce(eb.fn.sum('l.amount'), sql`0`),
      '<>',
      (eb) => eb.ref('a.balance'),
    );
  if (operatorId !== undefined) q = q.where('a.operator_id', '=', operatorId);
  return q.limit(LIMIT).execute();
}

/** Member accounts below zero, or with no cached balance at all. */
export function negativeBalances(db: Db, { operatorId }: Scope) {
  let q = db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance'])
    .where('member_id', 'is not', null)
    .where((eb) => eb.or([eb('balance', '<', 0), eb('balance', 'is', null)]));
  if (operatorId !== undefined) q = q.where('operator_id', '=', operatorId);
  return q.limit(LIMIT).execute();
}

/** Member lines that recorded a balance below zero. */
export function negativeBalancesAfter(db: Db, { operatorId }: Scope) {
  let q = db
    .selectFrom('ledger_lines as l')
    .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
    .select(['l.id', 'l.balance_after'])
    .where('l.balance_after', '<', 0);
  if (operatorId !== undefined) q = q.where('a.operator_id', '=', operatorId);
  return q.limit(LIMIT).execute();
}

/**
 * Lines without their entry or account, or whose account belongs to another operator than their
 * entry. Foreign keys forbid the first two; the check does not take that on trust.
 */
export function orphanLines(db: Db, { operatorId }: Scope) {
  let q = db
    .selectFrom('ledger_lines as l')
    .leftJoin('ledger_entries as e', 'e.id', 'l.entry_id')
    .leftJoin('ledger_accounts as a', 'a.id', 'l.account_id')
    .select(['l.id', 'l.entry_id', 'l.account_id', 'e.id as found_entry', 'a.id as found_account'])
    .where((eb) =>
      eb.or([
        eb('e.id', 'is', null),
        eb('a.id', 'is', null),
        eb('a.operator_id', '<>', eb.ref('e.operator_id')),
      ]),
    );
  if (operatorId !== undefined)
    q = q.where((eb) => eb.or([eb('e.operator_id', '=', operatorId), eb('a.operator_id', '=', operatorId)]));
  return q.limit(LIMIT).execute();
}

/** Lines on an account of another currency than their entry's. */
export function currencyMismatches(db: Db, { operatorId }: Scope) {
  let q = db
    .selectFrom('ledger_lines as l')
    .innerJoin('ledger_entries as e', 'e.id', 'l.entry_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
    .select(['l.id', 'e.currency as entry_currency', 'a.currency as account_currency'])
    .whereRef('a.currency', '<>', 'e.currency');
  if (operatorId !== undefined) q = q.where('e.operator_id', '=', operatorId);
  return q.limit(LIMIT).execute();
}

// ---------- one round trip (PostgreSQL, migration 2026_11_30_0100_ledger_functions) ----------

export const inOneRoundTrip = (db: Db) => isPostgres(db);

export interface SeamlessMoveArgs {
  action: 'bet' | 'win' | 'rollback';
  operatorId: number;
  vendor: string;
  memberId: number;
  currency: string;
  key: string;
  requestHash: string;
  roundId: string;
  gameCode: string;
  /** Minor units, positive. */
  amount: number;
  refTransactionId: string | null;
  at: number;
  /** The stored answer after its leading `{"balance":"…",` (see ledger.postInOneRoundTrip). */
  responseTail: string;
}

/**
 * A seamless bet, win or rollback as one statement: the database function does the idempotency look-up, the
 * conditional balance update, the entry with its lines and the bet row (see the migration).
 */
export async function seamlessMove(db: Db, a: SeamlessMoveArgs) {
  const { rows } = await sql<{
    status: string;
    entry_id: number | null;
    balance: number | null;
    response: string | null;
    refunded: boolean | null;
  }>`select status, entry_id, balance, response, refunded from ledger_seamless_move(
      ${a.action}, ${a.operatorId}, ${a.vendor}, ${a.memberId}, ${a.currency}, ${a.key}, ${a.requestHash},
      ${a.roundId}, ${a.gameCode}, ${a.amount}, ${a.refTransactionId}, ${a.at}, ${a.responseTail})`.execute(
    db,
  );
  return rows[0]!;
}
