import type { Db } from '../operators/operators.repository.ts';

export interface WinInsert {
  operatorId: number;
  memberId: number;
  gameId: number;
  reference: string;
  winAmount: number;
  settledAt: number;
}

/** Stores a settled win once per reference; true when this call stored it. */
export async function insertWin(db: Db, win: WinInsert): Promise<boolean> {
  const result = await db
    .insertInto('settled_wins')
    .values({
      operator_id: win.operatorId,
      member_id: win.memberId,
      game_id: win.gameId,
      reference: win.reference,
      win_amount: win.winAmount,
      settled_at: win.settledAt,
    })
    .onConflict((oc) => oc.columns(['operator_id', 'reference']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * The biggest wins of at least `minWin` since `since`, with the winner's name (to be masked). `type`
 * narrows to a game type (RNG, which includes bingo) or a lobby category.
 */
export async function topWins(
  db: Db,
  operatorId: number,
  since: number,
  limit: number,
  minWin: number,
  type?: { by: 'game_type' | 'category'; value: string },
) {
  let query = db
    .selectFrom('settled_wins')
    .innerJoin('members', 'members.id', 'settled_wins.member_id')
    .innerJoin('games', 'games.id', 'settled_wins.game_id')
    .select([
      'settled_wins.game_id',
      'settled_wins.member_id',
      'settled_wins.win_amount',
      'settled_wins.settled_at',
      'members.username',
    ])
    .where('settled_wins.operator_id', '=', operatorId)
    .where('settled_wins.settled_at', '>=', since)
    .where('settled_wins.win_amount', '>=', minWin);
  if (type)
    query = query.where(type.by === 'game_type' ? 'games.game_type' : 'games.category', '=', type.value);
  const rows = await query
    .orderBy('settled_wins.win_amount', 'desc')
    .orderBy('settled_wins.settled_at', 'desc')
    .orderBy('settled_wins.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    gameId: Number(r.game_id),
    memberId: Number(r.member_id),
    winAmount: Number(r.win_amount),
    settledAt: Number(r.settled_at),
    username: r.username,
  }));
}

export function findMemberOperator(db: Db, memberId: number) {
  return db.selectFrom('members').select(['id', 'operator_id']).where('id', '=', memberId).executeTakeFirst();
}

/** Forgets wins settled before `before` (the board only ever shows recent ones). */
export async function deleteWinsBefore(db: Db, operatorId: number, before: number): Promise<void> {
  await db
    .deleteFrom('settled_wins')
    .where('operator_id', '=', operatorId)
    .where('settled_at', '<', before)
    .execute();
}

/** The id of an operator's game named by id or code (case-insensitive), if it exists. */
export async function findGameId(
  db: Db,
  operatorId: number,
  ref: { nodeId?: number | undefined; gameCode?: string | undefined },
): Promise<number | undefined> {
  let query = db.selectFrom('games').select('id').where('operator_id', '=', operatorId);
  query =
    ref.nodeId !== undefined
      ? query.where('id', '=', ref.nodeId)
      : query.where('code', '=', (ref.gameCode ?? '').toUpperCase());
  const row = await query.executeTakeFirst();
  return row ? Number(row.id) : undefined;
}
