import type { LoginThrottlesTable } from '@playhouse/db/schema';
import type { Db } from '../operators/operators.repository.ts';

export type ThrottleScope = LoginThrottlesTable['scope'];

/**
 * Adds one attempt (starting a new window when the old one lapsed) and returns the new count with any
 * wait in force, in one statement: concurrent attempts each see a different count.
 */
export async function addFailure(
  db: Db,
  operatorId: number,
  scope: ThrottleScope,
  subject: string,
  at: number,
  windowStart: number,
): Promise<{ failures: number; blockedUntil: number | null }> {
  const row = await db
    .insertInto('login_throttles')
    .values({
      operator_id: operatorId,
      scope,
      subject,
      failures: 1,
      first_failure_at: at,
      last_failure_at: at,
      blocked_until: null,
    })
    .onConflict((oc) =>
      oc.columns(['operator_id', 'scope', 'subject']).doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('login_throttles.last_failure_at', '<', windowStart)
          .then(1)
          .else(eb('login_throttles.failures', '+', 1))
          .end(),
        first_failure_at: eb
          .case()
          .when('login_throttles.last_failure_at', '<', windowStart)
          .then(at)
          .else(eb.ref('login_throttles.first_failure_at'))
          .end(),
        last_failure_at: at,
      })),
    )
    .returning(['failures', 'blocked_until'])
    .executeTakeFirstOrThrow();
  return {
    failures: Number(row.failures),
    blockedUntil: row.blocked_until === null ? null : Number(row.blocked_until),
  };
}

/** Takes back one attempt that checked no credentials, or that turned out right. */
export async function removeFailure(db: Db, operatorId: number, scope: ThrottleScope, subject: string) {
  await db
    .updateTable('login_throttles')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('operator_id', '=', operatorId)
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .where('failures', '>', 0)
    .execute();
}

export async function setBlockedUntil(
  db: Db,
  operatorId: number,
  scope: ThrottleScope,
  subject: string,
  until: number,
) {
  await db
    .updateTable('login_throttles')
    .set({ blocked_until: until })
    .where('operator_id', '=', operatorId)
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .execute();
}

/**
 * Starts a wait that lasts until `until`, unless one is already running: one conditional update, so of
 * concurrent callers exactly one gets it. Returns undefined to the caller that did, else the running
 * wait's end.
 */
export async function claimWait(
  db: Db,
  operatorId: number,
  scope: ThrottleScope,
  subject: string,
  at: number,
  until: number,
): Promise<number | undefined> {
  const claimed = await db
    .updateTable('login_throttles')
    .set({ blocked_until: until })
    .where('operator_id', '=', operatorId)
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', at)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) > 0) return undefined;
  const row = await db
    .selectFrom('login_throttles')
    .select('blocked_until')
    .where('operator_id', '=', operatorId)
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.blocked_until == null ? until : Number(row.blocked_until);
}

export async function clearThrottle(db: Db, operatorId: number, scope: ThrottleScope, subject: string) {
  await db
    .deleteFrom('login_throttles')
    .where('operator_id', '=', operatorId)
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .execute();
}
