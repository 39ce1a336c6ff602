import type { Insertable, Selectable } from 'kysely';
import type { GamesTable, VendorsTable } from '@playhouse/db/schema';
import type { Db } from '../operators/operators.repository.ts';

export type VendorRow = Selectable<VendorsTable>;
export type GameRow = Selectable<GamesTable>;

export function listVendors(db: Db, operatorId: number): Promise<VendorRow[]> {
  return db.selectFrom('vendors').selectAll().where('operator_id', '=', operatorId).orderBy('sort').execute();
}

export function findVendor(db: Db, operatorId: number, code: string) {
  return db
    .selectFrom('vendors')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('code', '=', code)
    .executeTakeFirst();
}

export async function updateVendor(
  db: Db,
  operatorId: number,
  code: string,
  patch: Partial<
    Pick<VendorRow, 'enabled' | 'wallet_mode' | 'secret' | 'secret_sealed' | 'launch_url' | 'api_url'>
  >,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable('vendors')
    .set({ ...patch, updated_at: at })
    .where('operator_id', '=', operatorId)
    .where('code', '=', code)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Vendors whose wallet secret is still stored in plain text (from before secrets were sealed). */
export async function listPlainVendorSecrets(db: Db): Promise<{ id: number; secret: string }[]> {
  const rows = await db
    .selectFrom('vendors')
    .select(['id', 'secret'])
    .where('secret', 'is not', null)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), secret: r.secret! }));
}

/** Replaces a plain secret by its sealed form, unless it changed meanwhile. */
export async function sealVendorSecret(db: Db, id: number, plain: string, sealed: string): Promise<void> {
  await db
    .updateTable('vendors')
    .set({ secret: null, secret_sealed: sealed })
    .where('id', '=', id)
    .where('secret', '=', plain)
    .execute();
}

export function listGames(db: Db, operatorId: number): Promise<GameRow[]> {
  return db.selectFrom('games').selectAll().where('operator_id', '=', operatorId).orderBy('sort').execute();
}

export async function countVendors(db: Db, operatorId: number): Promise<number> {
  const row = await db
    .selectFrom('vendors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('operator_id', '=', operatorId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertVendors(db: Db, rows: Insertable<VendorsTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('vendors').values(rows).execute();
}

export async function insertGames(db: Db, rows: Insertable<GamesTable>[]): Promise<void> {
  // Batches keep each statement under SQLite's and PostgreSQL's parameter limits.
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto('games')
      .values(rows.slice(i, i + 100))
      .execute();
  }
}

// ---------- favourites (always by the member's own id) ----------

export async function addFavourite(db: Db, memberId: number, gameId: number, at: number): Promise<void> {
  await db
    .insertInto('favourite_games')
    .values({ member_id: memberId, game_id: gameId, created_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'game_id']).doNothing())
    .execute();
}

export async function removeFavourite(db: Db, memberId: number, gameId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('favourite_games')
    .where('member_id', '=', memberId)
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The member's favourite game ids, newest first. */
export async function favouriteGameIds(db: Db, memberId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('favourite_games')
    .select('game_id')
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => Number(r.game_id));
}

// ---------- recent plays ----------

export async function touchRecent(db: Db, memberId: number, gameId: number, at: number): Promise<void> {
  await db
    .insertInto('recent_games')
    .values({ member_id: memberId, game_id: gameId, played_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'game_id']).doUpdateSet({ played_at: at }))
    .execute();
}

/** The member's recent plays, newest first, at most `limit`. */
export async function recentGames(db: Db, memberId: number, limit: number) {
  const rows = await db
    .selectFrom('recent_games')
    .select(['game_id', 'played_at'])
    .where('member_id', '=', memberId)
    .orderBy('played_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ gameId: Number(r.game_id), playedAt: Number(r.played_at) }));
}

/** Keeps only the member's `keep` most recent plays. */
export async function pruneRecent(db: Db, memberId: number, keep: number): Promise<void> {
  const cutoff = await db
    .selectFrom('recent_games')
    .select(['played_at', 'id'])
    .where('member_id', '=', memberId)
    .orderBy('played_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1)
    .executeTakeFirst();
  if (!cutoff) return;
  await db
    .deleteFrom('recent_games')
    .where('member_id', '=', memberId)
    .where((eb) =>
      eb.or([
        eb('played_at', '<', cutoff.played_at),
        eb.and([eb('played_at', '=', cutoff.played_at), eb('id', '<=', cutoff.id)]),
      ]),
    )
    .execute();
}

/** Games most members opened since `since`, most popular first. */
export async function popularGameIds(db: Db, operatorId: number, since: number, limit: number) {
  const rows = await db
    .selectFrom('recent_games')
    .innerJoin('games', 'games.id', 'recent_games.game_id')
    .select(['recent_games.game_id', (eb) => eb.fn.countAll<number>().as('plays')])
    .where('games.operator_id', '=', operatorId)
    .where('recent_games.played_at', '>=', since)
    .groupBy('recent_games.game_id')
    .orderBy('plays', 'desc')
    .orderBy('recent_games.game_id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.game_id));
}

// ---------- back office: the catalogue ----------

/** The operator's games with their vendor's switch, filtered, a page at a time (by sort, then id). */
export async function listBoGames(
  db: Db,
  operatorId: number,
  filter: { vendor?: string | undefined; q?: string | undefined; show: 'all' | 'hot' | 'new' | 'disabled' },
  page: { offset: number; limit: number },
) {
  let base = db
    .selectFrom('games as g')
    .leftJoin('vendors as v', (j) =>
      j.onRef('v.operator_id', '=', 'g.operator_id').onRef('v.code', '=', 'g.vendor_code'),
    )
    .where('g.operator_id', '=', operatorId);
  if (filter.vendor) base = base.where('g.vendor_code', '=', filter.vendor.toUpperCase());
  if (filter.q) {
    const like = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['g.name']), 'like', eb.val(like)),
        eb(eb.fn('lower', ['g.code']), 'like', eb.val(like)),
      ]),
    );
  }
  if (filter.show === 'hot') base = base.where('g.hot_rank', '>', 0);
  if (filter.show === 'new') base = base.where('g.is_new', '=', 1);
  if (filter.show === 'disabled') base = base.where('g.enabled', '=', 0);
  const ordered =
    filter.show === 'hot'
      ? base.orderBy('g.hot_rank').orderBy('g.id')
      : base.orderBy('g.vendor_code').orderBy('g.sort').orderBy('g.id');
  const [rows, count] = await Promise.all([
    ordered
      .select([
        'g.id',
        'g.code',
        'g.name',
        'g.vendor_code',
        'g.game_type',
        'g.enabled',
        'g.is_new',
        'g.hot_rank',
        'g.sort',
        'v.enabled as vendor_enabled',
      ])
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findOperatorGame(db: Db, operatorId: number, id: number) {
  return db
    .selectFrom('games')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateGame(
  db: Db,
  operatorId: number,
  id: number,
  patch: Partial<Pick<GameRow, 'enabled' | 'name' | 'is_new' | 'hot_rank' | 'sort'>>,
): Promise<boolean> {
  const r = await db
    .updateTable('games')
    .set(patch)
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
