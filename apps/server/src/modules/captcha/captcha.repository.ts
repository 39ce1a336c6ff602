import type { Db } from '../operators/operators.repository.ts';

export async function insertChallenge(
  db: Db,
  row: { operatorId: number; key: string; codeHash: string; createdAt: number; expiresAt: number },
) {
  await db
    .insertInto('captcha_challenges')
    .values({
      operator_id: row.operatorId,
      challenge_key: row.key,
      code_hash: row.codeHash,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
      used_at: null,
    })
    .execute();
}

/** Marks a live challenge used and returns its answer hash; undefined when unknown, used or expired. */
export async function takeChallenge(db: Db, operatorId: number, key: string, at: number) {
  const row = await db
    .updateTable('captcha_challenges')
    .set({ used_at: at })
    .where('challenge_key', '=', key)
    .where('operator_id', '=', operatorId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('code_hash')
    .executeTakeFirst();
  return row?.code_hash;
}

export async function deleteExpiredChallenges(db: Db, before: number) {
  await db.deleteFrom('captcha_challenges').where('expires_at', '<', before).execute();
}
