import type { Db } from '../operators/operators.repository.ts';

export type ThrottleScope = 'ip' | 'account';

export function findThrottle(db: Db, operatorId: number, scope: ThrottleScope, subject: string) {
  return db
    .selectFrom('login_throttles')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/** Adds one failure (starting a new window when the old one lapsed) and returns the new count. */
export async function addFailure(
  db: Db,
  operatorId: number,
  scope: ThrottleScope,
  subject: string,
  at: number,
  windowStart: number,
): Promise<number> {
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
    .returning('failures')
    .executeTakeFirstOrThrow();
  return Number(row.failures);
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

export async function clearThrottle(db: Db, operatorId: number, scope: ThrottleScope, subject: string) {
  await db
    .deleteFrom('login_throttles')
    .where('operator_id', '=', operatorId)
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .execute();
}
