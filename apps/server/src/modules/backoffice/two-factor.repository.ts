import type { Db } from '../operators/operators.repository.ts';

/** Keeps a secret being enrolled (sealed), unless a second factor is already on. */
export async function setPendingSecret(db: Db, staffId: number, sealed: string): Promise<boolean> {
  const r = await db
    .updateTable('staff_users')
    .set({ totp_pending: sealed })
    .where('id', '=', staffId)
    .where('totp_secret', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Turns the pending secret on, with the step of the code that confirmed it as used. Conditional on the
 * same pending value still being there, so two confirmations cannot both win.
 */
export async function enableSecret(db: Db, staffId: number, pending: string, step: number, at: number) {
  const r = await db
    .updateTable('staff_users')
    .set({ totp_secret: pending, totp_pending: null, totp_enabled_at: at, totp_last_step: step })
    .where('id', '=', staffId)
    .where('totp_secret', 'is', null)
    .where('totp_pending', '=', pending)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function disableSecret(db: Db, staffId: number) {
  await db
    .updateTable('staff_users')
    .set({ totp_secret: null, totp_pending: null, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', staffId)
    .execute();
  await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
}

/**
 * Uses a code's step: moves the last used step forward to it only if it is later, in one statement.
 * Of concurrent requests with the same code exactly one changes the row; a replay changes none.
 */
export async function claimStep(db: Db, staffId: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('staff_users')
    .set({ totp_last_step: step })
    .where('id', '=', staffId)
    .where('totp_secret', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Replaces every recovery code of a staff member with new ones (hashes). */
export async function replaceRecoveryCodes(db: Db, staffId: number, hashes: string[], at: number) {
  await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  await db
    .insertInto('staff_recovery_codes')
    .values(hashes.map((code_hash) => ({ staff_id: staffId, code_hash, created_at: at, used_at: null })))
    .execute();
}

/** Uses up a recovery code with one conditional update: true for exactly one caller. */
export async function useRecoveryCode(db: Db, staffId: number, hash: string, at: number): Promise<boolean> {
  const r = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: at })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function countRecoveryCodesLeft(db: Db, staffId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertChallenge(
  db: Db,
  row: { operatorId: number; staffId: number; tokenHash: string; at: number; expiresAt: number },
) {
  await db.deleteFrom('staff_challenges').where('expires_at', '<', row.at).execute();
  await db
    .insertInto('staff_challenges')
    .values({
      operator_id: row.operatorId,
      staff_id: row.staffId,
      token_hash: row.tokenHash,
      attempts: 0,
      created_at: row.at,
      expires_at: row.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * Takes one try of a live challenge (unused, unexpired, tries left) in one conditional update, before
 * any code is looked at; undefined when there is none to take.
 */
export async function claimChallengeTry(db: Db, tokenHash: string, at: number, maxTries: number) {
  const row = await db
    .updateTable('staff_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .where('attempts', '<', maxTries)
    .returning(['id', 'operator_id', 'staff_id'])
    .executeTakeFirst();
  return row && { id: Number(row.id), operatorId: Number(row.operator_id), staffId: Number(row.staff_id) };
}

/** Uses a challenge up: true for exactly one caller. */
export async function useChallenge(db: Db, id: number, at: number): Promise<boolean> {
  const r = await db
    .updateTable('staff_challenges')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
