import { PostgresAdapter, sql, type Insertable, type Selectable } from 'kysely';
import type { DrawsTable, DrawTicketsTable } from '@playhouse/db/schema-draws';
import type { Db } from '../operators/operators.repository.ts';

/** The SQL of draw games. Every function takes the connection it runs on first. */

export type DrawRow = Selectable<DrawsTable>;
export type TicketRow = Selectable<DrawTicketsTable>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

// ---------- settings ----------

export function findGameSettings(db: Db, operatorId: number, gameCode: string) {
  return db
    .selectFrom('draw_games')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('game_code', '=', gameCode)
    .executeTakeFirst();
}

export async function insertGameSettings(
  db: Db,
  row: {
    operator_id: number;
    game_code: string;
    enabled: number;
    schedule: string;
    close_before_seconds: number;
    max_exposure: number;
    bet_types: string;
    updated_at: number;
  },
) {
  await db
    .insertInto('draw_games')
    .values(row)
    .onConflict((oc) => oc.columns(['operator_id', 'game_code']).doNothing())
    .execute();
}

export async function updateGameSettings(
  db: Db,
  operatorId: number,
  gameCode: string,
  set: {
    enabled: number;
    schedule: string;
    close_before_seconds: number;
    max_exposure: number;
    bet_types: string;
    updated_at: number;
  },
) {
  await db
    .updateTable('draw_games')
    .set(set)
    .where('operator_id', '=', operatorId)
    .where('game_code', '=', gameCode)
    .execute();
}

/** Every operator's enabled draw games (the engine makes their upcoming draws). */
export function enabledGames(db: Db) {
  return db.selectFrom('draw_games').selectAll().where('enabled', '=', 1).execute();
}

// ---------- draws ----------

export async function insertDraw(db: Db, row: Insertable<DrawsTable>) {
  await db
    .insertInto('draws')
    .values(row)
    .onConflict((oc) => oc.columns(['operator_id', 'game_code', 'numero']).doNothing())
    .execute();
}

export function findDrawByNumero(db: Db, operatorId: number, gameCode: string, numero: string) {
  return db
    .selectFrom('draws')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('game_code', '=', gameCode)
    .where('numero', '=', numero)
    .executeTakeFirst();
}

export function findDraw(db: Db, id: number) {
  return db.selectFrom('draws').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The draw of a game taking tickets at `at` (closing soonest), if it exists. */
export function findOpenDraw(db: Db, operatorId: number, gameCode: string, at: number) {
  return db
    .selectFrom('draws')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('game_code', '=', gameCode)
    .where('status', '=', 'open')
    .where('close_at', '>', at)
    .where('open_at', '<=', at)
    .orderBy('draw_at')
    .limit(1)
    .executeTakeFirst();
}

/** Past and current draws of a game, newest first (results). */
export function listDraws(
  db: Db,
  f: { operatorId: number; gameCode?: string | undefined; status?: string | undefined; before?: number },
  page: { offset: number; limit: number },
) {
  let q = db.selectFrom('draws').selectAll().where('operator_id', '=', f.operatorId);
  if (f.gameCode) q = q.where('game_code', '=', f.gameCode);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.before !== undefined) q = q.where('draw_at', '<=', f.before);
  return q.orderBy('draw_at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute();
}

export async function countDraws(
  db: Db,
  f: { operatorId: number; gameCode?: string | undefined; status?: string | undefined },
) {
  let q = db
    .selectFrom('draws')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('operator_id', '=', f.operatorId);
  if (f.gameCode) q = q.where('game_code', '=', f.gameCode);
  if (f.status) q = q.where('status', '=', f.status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Draws whose time has come and which are not finished, oldest first. */
export function dueDraws(db: Db, at: number, limit: number) {
  return db
    .selectFrom('draws')
    .select(['id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['open', 'settling']), eb('draw_at', '<=', at)]),
        eb('status', '=', 'voiding'),
      ]),
    )
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
    .orderBy('draw_at')
    .limit(limit)
    .execute();
}

/**
 * Adds an order to its draw if the draw still takes tickets at `at` and stays within `cap` (0: none).
 * One conditional UPDATE, which also holds the draw's row until the order commits, so settlement
 * (which takes the same row first) sees every order that got in and no order gets in after.
 */
export async function addToDraw(
  db: Db,
  drawId: number,
  add: { exposure: number; stake: number; tickets: number },
  at: number,
  cap: number,
): Promise<boolean> {
  let q = db
    .updateTable('draws')
    .set((eb) => ({
      exposure: eb('exposure', '+', add.exposure),
      stake_total: eb('stake_total', '+', add.stake),
      ticket_count: eb('ticket_count', '+', add.tickets),
    }))
    .where('id', '=', drawId)
    .where('status', '=', 'open')
    .where('close_at', '>', at);
  if (cap > 0) q = q.where((eb) => eb(eb('exposure', '+', add.exposure), '<=', cap));
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Takes a cancelled ticket out of its draw, while the draw still takes tickets. */
export async function removeFromDraw(
  db: Db,
  drawId: number,
  sub: { exposure: number; stake: number },
  at: number,
): Promise<boolean> {
  const r = await db
    .updateTable('draws')
    .set((eb) => ({
      exposure: eb('exposure', '-', sub.exposure),
      stake_total: eb('stake_total', '-', sub.stake),
      ticket_count: eb('ticket_count', '-', 1),
    }))
    .where('id', '=', drawId)
    .where('status', '=', 'open')
    .where('close_at', '>', at)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Takes the settlement lease of a due draw: free, expired, or already this instance's. Answers the
 * row as claimed, or undefined when another instance holds it or the draw is finished.
 */
export async function claimLease(db: Db, drawId: number, owner: string, at: number, until: number) {
  const r = await db
    .updateTable('draws')
    .set({ lease_owner: owner, lease_until: until })
    .where('id', '=', drawId)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['open', 'settling']), eb('draw_at', '<=', at)]),
        eb('status', '=', 'voiding'),
      ]),
    )
    .where((eb) =>
      eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at), eb('lease_owner', '=', owner)]),
    )
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return undefined;
  return findDraw(db, drawId);
}

/** Keeps the lease for another stretch; false when this instance no longer holds it. */
export async function renewLease(db: Db, drawId: number, owner: string, until: number): Promise<boolean> {
  const r = await db
    .updateTable('draws')
    .set({ lease_until: until })
    .where('id', '=', drawId)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Moves an open draw on (to settling with its result, or to voiding), under this instance's lease. */
export async function startSettlement(
  db: Db,
  drawId: number,
  owner: string,
  set: {
    status: 'settling' | 'voiding';
    result: string | null;
    drawn_at: number | null;
    void_reason: string | null;
  },
): Promise<boolean> {
  const r = await db
    .updateTable('draws')
    .set(set)
    .where('id', '=', drawId)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Staff void of a draw that has not been drawn: it then refunds. */
export async function markVoiding(
  db: Db,
  drawId: number,
  operatorId: number,
  reason: string,
): Promise<boolean> {
  const r = await db
    .updateTable('draws')
    .set({ status: 'voiding', void_reason: reason, lease_owner: null, lease_until: null })
    .where('id', '=', drawId)
    .where('operator_id', '=', operatorId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function finishDraw(
  db: Db,
  drawId: number,
  owner: string,
  from: 'settling' | 'voiding',
  at: number,
): Promise<boolean> {
  const total = await db
    .selectFrom('draw_tickets')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('win'), sql<number>`0`).as('w'))
    .where('draw_id', '=', drawId)
    .executeTakeFirstOrThrow();
  const r = await db
    .updateTable('draws')
    .set({
      status: from === 'settling' ? 'settled' : 'void',
      settled_at: at,
      win_total: Number(total.w),
      lease_owner: null,
      lease_until: null,
    })
    .where('id', '=', drawId)
    .where('lease_owner', '=', owner)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---------- orders and tickets ----------

export async function insertOrder(
  db: Db,
  row: {
    order_id: string;
    operator_id: number;
    member_id: number;
    draw_id: number;
    request_id: string;
    stake: number;
    entry_id: number;
    created_at: number;
  },
) {
  await db.insertInto('draw_orders').values(row).execute();
}

export async function insertTickets(db: Db, rows: Insertable<DrawTicketsTable>[]) {
  if (rows.length) await db.insertInto('draw_tickets').values(rows).execute();
}

const ticketColumns = [
  't.id',
  't.ticket_id',
  't.operator_id',
  't.member_id',
  't.draw_id',
  't.order_id',
  't.game_code',
  't.bet_type',
  't.selection',
  't.stake',
  't.odds',
  't.potential_win',
  't.status',
  't.win',
  't.created_at',
  't.settled_at',
  't.prizes',
  'd.numero',
  'd.close_at',
  'd.draw_at',
  'd.result',
  'd.status as draw_status',
] as const;

export function ticketsWithDraws(db: Db) {
  return db
    .selectFrom('draw_tickets as t')
    .innerJoin('draws as d', 'd.id', 't.draw_id')
    .select(ticketColumns);
}
export type TicketView = Awaited<ReturnType<ReturnType<typeof ticketsWithDraws>['executeTakeFirstOrThrow']>>;

export function ticketsOfOrder(db: Db, orderId: string) {
  return ticketsWithDraws(db).where('t.order_id', '=', orderId).orderBy('t.id').execute();
}

export function findOrder(db: Db, orderId: string) {
  return db.selectFrom('draw_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export function memberTickets(
  db: Db,
  memberId: number,
  f: { gameCode?: string | undefined; status?: 'open' | 'settled' | undefined; limit: number },
) {
  let q = ticketsWithDraws(db).where('t.member_id', '=', memberId);
  if (f.gameCode) q = q.where('t.game_code', '=', f.gameCode);
  if (f.status === 'open') q = q.where('t.status', '=', 'open');
  if (f.status === 'settled') q = q.where('t.status', '<>', 'open');
  return q.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(f.limit).execute();
}

export function findTicket(db: Db, ticketId: string) {
  return db.selectFrom('draw_tickets').selectAll().where('ticket_id', '=', ticketId).executeTakeFirst();
}

/** The ticket leaves `open` for `cancelled`; false when it was not open any more. */
export async function cancelTicket(db: Db, ticketId: string, at: number): Promise<boolean> {
  const r = await db
    .updateTable('draw_tickets')
    .set({ status: 'cancelled', settled_at: at })
    .where('ticket_id', '=', ticketId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * The next batch of a draw's open tickets after ticket `afterId`, in id order. Seeking past the last
 * batch matters on PostgreSQL: the index still holds the settled tickets' old `open` entries until
 * vacuum, and scanning from the start each time would step over all of them again.
 */
export function openTickets(db: Db, drawId: number, afterId: number, limit: number) {
  return db
    .selectFrom('draw_tickets')
    .select(['id', 'ticket_id', 'member_id', 'bet_type', 'selection', 'stake', 'odds', 'prizes'])
    .where('draw_id', '=', drawId)
    .where('status', '=', 'open')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Settles tickets that are still open: each id gets its status and win. Answers how many rows moved
 * (fewer than asked means another writer got there first, and the batch must be undone).
 */
export async function settleTickets(
  db: Db,
  rows: { id: number; status: string; win: number }[],
  at: number,
): Promise<number> {
  let moved = 0;
  // Losers and refunds in one statement per status; wins (amounts differ) by a values list.
  const plain = new Map<string, number[]>();
  const paid: { id: number; status: string; win: number }[] = [];
  for (const r of rows) {
    if (r.win === 0 || r.status === 'void') {
      const list = plain.get(r.status) ?? [];
      list.push(r.id);
      plain.set(r.status, list);
    } else paid.push(r);
  }
  for (const [status, ids] of plain)
    for (let i = 0; i < ids.length; i += 1000) {
      const r = await db
        .updateTable('draw_tickets')
        .set({ status, settled_at: at })
        .where('id', 'in', ids.slice(i, i + 1000))
        .where('status', '=', 'open')
        .executeTakeFirst();
      moved += Number(r.numUpdatedRows);
    }
  if (!paid.length) return moved;
  if (!isPostgres(db)) {
    for (const p of paid) {
      const r = await db
        .updateTable('draw_tickets')
        .set({ status: p.status, win: p.win, settled_at: at })
        .where('id', '=', p.id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      moved += Number(r.numUpdatedRows);
    }
    return moved;
  }
  for (let i = 0; i < paid.length; i += 1000) {
    const values = sql.join(
      paid.slice(i, i + 1000).map((p) => sql`(${p.id}::bigint, ${p.status}::varchar, ${p.win}::bigint)`),
    );
    const r = await sql`update draw_tickets as t set status = v.status, win = v.win, settled_at = ${at}
      from (values ${values}) as v (id, status, win) where t.id = v.id and t.status = 'open'`.execute(db);
    moved += Number(r.numAffectedRows ?? 0);
  }
  return moved;
}

/** Per-status ticket counts and sums of a draw (settlement report). */
export function ticketTotals(db: Db, drawId: number) {
  return db
    .selectFrom('draw_tickets')
    .select((eb) => [
      'status',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('stake').as('stake'),
      eb.fn.sum<number>('win').as('win'),
    ])
    .where('draw_id', '=', drawId)
    .groupBy('status')
    .execute();
}

// ---------- bingo ----------

/** The latest draw of a game that stopped taking cards by `at` (being called, or the last one called). */
export function latestClosedDraw(db: Db, operatorId: number, gameCode: string, at: number) {
  return db
    .selectFrom('draws')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('game_code', '=', gameCode)
    .where('close_at', '<=', at)
    .where('status', '<>', 'void')
    .orderBy('close_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A member's tickets on these draws, oldest first. */
export function memberTicketsOnDraws(db: Db, memberId: number, drawIds: number[]) {
  if (!drawIds.length) return Promise.resolve([]);
  return ticketsWithDraws(db)
    .where('t.member_id', '=', memberId)
    .where('t.draw_id', 'in', drawIds)
    .orderBy('t.id')
    .limit(100)
    .execute();
}
