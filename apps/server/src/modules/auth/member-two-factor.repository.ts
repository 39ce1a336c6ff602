import type { Db } from '../operators/operators.repository.ts';

export function findTwoFactor(db: Db, operatorId: number, memberId: number) {
  return db
    .selectFrom('member_two_factor')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** Keeps a secret being enrolled (sealed), unless an authenticator is already on. */
export async function setPendingSecret(
  db: Db,
  operatorId: number,
  memberId: number,
  sealed: string,
  at: number,
): Promise<boolean> {
  await db
    .insertInto('member_two_factor')
    .values({ member_id: memberId, operator_id: operatorId, updated_at: at })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
  const r = await db
    .updateTable('member_two_factor')
    .set({ totp_pending: sealed, updated_at: at })
    .where('member_id', '=', memberId)
    .where('operator_id', '=', operatorId)
    .where('totp_secret', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Turns the pending secret on (the confirming code's step used), only if it is still the one pending. */
export async function enableSecret(db: Db, memberId: number, pending: string, step: number, at: number) {
  const r = await db
    .updateTable('member_two_factor')
    .set({
      totp_secret: pending,
      totp_pending: null,
      totp_enabled_at: at,
      totp_last_step: step,
      updated_at: at,
    })
    .where('member_id', '=', memberId)
    .where('totp_secret', 'is', null)
    .where('totp_pending', '=', pending)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function disableSecret(db: Db, memberId: number, at: number) {
  await db
    .updateTable('member_two_factor')
    .set({
      totp_secret: null,
      totp_pending: null,
      totp_enabled_at: null,
      totp_last_step: null,
      updated_at: at,
    })
    .where('member_id', '=', memberId)
    .execute();
  await db.deleteFrom('member_recovery_codes').where('member_id', '=', memberId).execute();
}

export async function setSms(db: Db, operatorId: number, memberId: number, enabled: boolean, at: number) {
  await db
    .insertInto('member_two_factor')
    .values({ member_id: memberId, operator_id: operatorId, sms_enabled: enabled ? 1 : 0, updated_at: at })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ sms_enabled: enabled ? 1 : 0, updated_at: at }))
    .execute();
}

/** Moves the last used step forward to `step` only if it is later: one winner per code. */
export async function claimStep(db: Db, memberId: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('member_two_factor')
    .set({ totp_last_step: step })
    .where('member_id', '=', memberId)
    .where('totp_secret', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function replaceRecoveryCodes(
  db: Db,
  operatorId: number,
  memberId: number,
  hashes: string[],
  at: number,
) {
  await db.deleteFrom('member_recovery_codes').where('member_id', '=', memberId).execute();
  await db
    .insertInto('member_recovery_codes')
    .values(
      hashes.map((code_hash) => ({
        operator_id: operatorId,
        member_id: memberId,
        code_hash,
        created_at: at,
        used_at: null,
      })),
    )
    .execute();
}

export async function useRecoveryCode(db: Db, memberId: number, hash: string, at: number): Promise<boolean> {
  const r = await db
    .updateTable('member_recovery_codes')
    .set({ used_at: at })
    .where('member_id', '=', memberId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function countRecoveryCodesLeft(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('member_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertChallenge(
  db: Db,
  row: {
    operatorId: number;
    memberId: number;
    tokenHash: string;
    remember: boolean;
    at: number;
    expiresAt: number;
  },
) {
  await db
    .deleteFrom('member_login_challenges')
    .where('expires_at', '<', row.at - 3600_000)
    .execute();
  await db
    .insertInto('member_login_challenges')
    .values({
      operator_id: row.operatorId,
      member_id: row.memberId,
      token_hash: row.tokenHash,
      attempts: 0,
      remember: row.remember ? 1 : 0,
      sms_code_hash: null,
      sms_sent_at: null,
      created_at: row.at,
      expires_at: row.expiresAt,
      used_at: null,
    })
    .execute();
}

/** A live challenge (unused, unexpired), without taking a try. */
export function findLiveChallenge(db: Db, operatorId: number, tokenHash: string, at: number) {
  return db
    .selectFrom('member_login_challenges')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
}

/**
 * Records an SMS code for a challenge, at most `maxSends` times and once per `everyMs`, in one
 * conditional update; false when the challenge may not send now.
 */
export async function setChallengeSms(
  db: Db,
  id: number,
  codeHash: string,
  at: number,
  rule: { everyMs: number; maxSends: number },
): Promise<boolean> {
  const r = await db
    .updateTable('member_login_challenges')
    .set((eb) => ({ sms_code_hash: codeHash, sms_sent_at: at, sms_sends: eb('sms_sends', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('sms_sends', '<', rule.maxSends)
    .where((eb) => eb.or([eb('sms_sent_at', 'is', null), eb('sms_sent_at', '<=', at - rule.everyMs)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Takes one try of a live challenge before any code is looked at; undefined when none is left. */
export async function claimChallengeTry(
  db: Db,
  operatorId: number,
  tokenHash: string,
  at: number,
  maxTries: number,
) {
  const row = await db
    .updateTable('member_login_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('operator_id', '=', operatorId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .where('attempts', '<', maxTries)
    .returning(['id', 'member_id', 'remember', 'sms_code_hash', 'sms_sent_at'])
    .executeTakeFirst();
  return (
    row && {
      id: Number(row.id),
      memberId: Number(row.member_id),
      remember: Number(row.remember) === 1,
      smsCodeHash: row.sms_code_hash,
      smsSentAt: row.sms_sent_at === null ? null : Number(row.sms_sent_at),
    }
  );
}

export async function useChallenge(db: Db, id: number, at: number): Promise<boolean> {
  const r = await db
    .updateTable('member_login_challenges')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
