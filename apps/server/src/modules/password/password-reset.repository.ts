import type { Db } from '../operators/operators.repository.ts';

export async function insertResetToken(
  db: Db,
  row: {
    operatorId: number;
    memberId: number;
    tokenHash: string;
    at: number;
    expiresAt: number;
    ip: string | null;
  },
) {
  await db
    .insertInto('password_reset_tokens')
    .values({
      operator_id: row.operatorId,
      member_id: row.memberId,
      token_hash: row.tokenHash,
      created_at: row.at,
      expires_at: row.expiresAt,
      used_at: null,
      requested_ip: row.ip,
    })
    .execute();
}

/** How many reset links a member was sent since `since`, to cap mail a stranger can trigger. */
export async function countResetsSince(db: Db, memberId: number, since: number): Promise<number> {
  const r = await db
    .selectFrom('password_reset_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Marks every open link of a member used, so only the newest link (or none) works. */
export async function closeOpenResets(db: Db, memberId: number, at: number) {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: at })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .execute();
}

/** The unused, unexpired link a token hash names. */
export function findLiveReset(db: Db, operatorId: number, tokenHash: string, at: number) {
  return db
    .selectFrom('password_reset_tokens')
    .select(['id', 'member_id'])
    .where('token_hash', '=', tokenHash)
    .where('operator_id', '=', operatorId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
}

/** Uses a link once: true only for the one caller whose update found it still open. */
export async function consumeReset(db: Db, id: number, at: number): Promise<boolean> {
  const r = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
