import type { Db } from '../operators/operators.repository.ts';

export async function insertSmsCode(
  db: Db,
  row: {
    operatorId: number;
    purpose: string;
    recipient: string;
    codeHash: string;
    salt: string;
    ip: string | null;
    createdAt: number;
    expiresAt: number;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('sms_codes')
    .values({
      operator_id: row.operatorId,
      purpose: row.purpose,
      recipient: row.recipient,
      code_hash: row.codeHash,
      salt: row.salt,
      ip: row.ip,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
      consumed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Forgets a code that never reached the phone, so the member may ask again at once. */
export async function deleteSmsCode(db: Db, id: number) {
  await db.deleteFrom('sms_codes').where('id', '=', id).execute();
}

/** The newest code sent to a number, whatever its state (for the resend countdown). */
export function latestSmsCode(db: Db, operatorId: number, recipient: string) {
  return db
    .selectFrom('sms_codes')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countSmsSince(
  db: Db,
  operatorId: number,
  by: { recipient?: string; ip?: string },
  since: number,
) {
  let q = db.selectFrom('sms_codes').where('operator_id', '=', operatorId).where('created_at', '>=', since);
  if (by.recipient) q = q.where('recipient', '=', by.recipient);
  if (by.ip) q = q.where('ip', '=', by.ip);
  const r = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The newest live (unconsumed, unexpired) code for a number and purpose. */
export function liveSmsCode(db: Db, operatorId: number, recipient: string, purpose: string, at: number) {
  return db
    .selectFrom('sms_codes')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('recipient', '=', recipient)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', at)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Marks a code used; false when someone else used it first. */
export async function consumeSmsCode(db: Db, id: number, at: number): Promise<boolean> {
  const r = await db
    .updateTable('sms_codes')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Takes one of a live code's tries; false when it has none left, or was used or expired meanwhile. */
export async function claimAttempt(db: Db, id: number, at: number, maxAttempts: number): Promise<boolean> {
  const r = await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Holds a sender's row (in the sign-in throttle table, scopes `sms-ip` and `sms-number`) locked until the surrounding transaction ends (created when missing), so
 * check-then-insert work on that subject runs one request at a time: `ON CONFLICT DO UPDATE` takes
 * the row lock on PostgreSQL, and any write takes the database's write lock on SQLite.
 */
export async function lockSubject(
  trx: Db,
  operatorId: number,
  scope: 'sms-ip' | 'sms-number',
  subject: string,
  at: number,
) {
  await trx
    .insertInto('login_throttles')
    .values({
      operator_id: operatorId,
      scope,
      subject,
      failures: 0,
      first_failure_at: at,
      last_failure_at: at,
      blocked_until: null,
    })
    .onConflict((oc) => oc.columns(['operator_id', 'scope', 'subject']).doUpdateSet({ last_failure_at: at }))
    .execute();
}
