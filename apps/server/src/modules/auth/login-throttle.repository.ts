import type { LoginThrottlesTable } from '@playhouse/db/schema';
import type { Db } from '../operators/operators.repository.ts';

export type ThrottleScope = LoginThrottlesTable['scope'];

export type ThrottleKey = { operatorId: number; scope: ThrottleScope; subject: string };

/** What a throttle row holds now: settled failures, attempts in flight, a wait in force. */
export interface ThrottleState {
  failures: number;
  inflight: number;
  blockedUntil: number | null;
}

const stateOf = (row: { failures: number; inflight: number; blocked_until: number | null }) => ({
  failures: Number(row.failures),
  inflight: Number(row.inflight),
  blockedUntil: row.blocked_until === null ? null : Number(row.blocked_until),
});

/**
 * The subject's row, made when missing, in one statement: failures restart when the last one is
 * older than `windowStart`, and an in-flight count nobody touched since `staleBefore` (a process that
 * stopped mid-attempt) is dropped. Answers the state after.
 */
export async function touch(
  db: Db,
  k: ThrottleKey,
  at: number,
  windowStart: number,
  staleBefore: number,
): Promise<ThrottleState> {
  const row = await db
    .insertInto('login_throttles')
    .values({
      operator_id: k.operatorId,
      scope: k.scope,
      subject: k.subject,
      failures: 0,
      first_failure_at: at,
      last_failure_at: at,
      blocked_until: null,
      inflight: 0,
      inflight_at: null,
    })
    .onConflict((oc) =>
      oc.columns(['operator_id', 'scope', 'subject']).doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('login_throttles.last_failure_at', '<', windowStart)
          .then(0)
          .else(eb.ref('login_throttles.failures'))
          .end(),
        first_failure_at: eb
          .case()
          .when('login_throttles.last_failure_at', '<', windowStart)
          .then(at)
          .else(eb.ref('login_throttles.first_failure_at'))
          .end(),
        inflight: eb
          .case()
          .when(
            eb.or([
              eb('login_throttles.inflight_at', 'is', null),
              eb('login_throttles.inflight_at', '<', staleBefore),
            ]),
          )
          .then(0)
          .else(eb.ref('login_throttles.inflight'))
          .end(),
      })),
    )
    .returning(['failures', 'inflight', 'blocked_until'])
    .executeTakeFirstOrThrow();
  return stateOf(row);
}

/**
 * Counts one attempt in flight, in one conditional statement on an existing row (with the same
 * restarts as `touch`): only while settled failures and the attempts already in flight leave room
 * under `room` (always when `room` is null). So however many arrive at once, no more are checked
 * together than could all turn out wrong before the next consequence (a captcha, a wait). Answers
 * the state after when it was counted, undefined when there was no room or no row.
 */
export async function claimSlot(
  db: Db,
  k: ThrottleKey,
  at: number,
  windowStart: number,
  staleBefore: number,
  room: number | null,
): Promise<ThrottleState | undefined> {
  const row = await db
    .updateTable('login_throttles')
    .set((eb) => {
      const lapsed = eb('last_failure_at', '<', windowStart);
      const stale = eb.or([eb('inflight_at', 'is', null), eb('inflight_at', '<', staleBefore)]);
      return {
        failures: eb.case().when(lapsed).then(0).else(eb.ref('failures')).end(),
        first_failure_at: eb.case().when(lapsed).then(at).else(eb.ref('first_failure_at')).end(),
        inflight: eb
          .case()
          .when(stale)
          .then(1)
          .else(eb('inflight', '+', 1))
          .end(),
        inflight_at: at,
      };
    })
    .where('operator_id', '=', k.operatorId)
    .where('scope', '=', k.scope)
    .where('subject', '=', k.subject)
    .where((eb) => {
      if (room === null) return eb.lit(true);
      const failures = eb
        .case()
        .when('last_failure_at', '<', windowStart)
        .then(0)
        .else(eb.ref('failures'))
        .end();
      const inflight = eb
        .case()
        .when(eb.or([eb('inflight_at', 'is', null), eb('inflight_at', '<', staleBefore)]))
        .then(0)
        .else(eb.ref('inflight'))
        .end();
      return eb(eb(failures, '+', inflight), '<', room);
    })
    .returning(['failures', 'inflight', 'blocked_until'])
    .executeTakeFirst();
  return row && stateOf(row);
}

/**
 * The subject's row as `claimSlot` would judge it (failures of a lapsed window and a stale in-flight
 * count read as 0), without writing; undefined when there is no row yet.
 */
export async function readState(
  db: Db,
  k: ThrottleKey,
  windowStart: number,
  staleBefore: number,
): Promise<ThrottleState | undefined> {
  const row = await db
    .selectFrom('login_throttles')
    .select(['failures', 'inflight', 'blocked_until', 'last_failure_at', 'inflight_at'])
    .where('operator_id', '=', k.operatorId)
    .where('scope', '=', k.scope)
    .where('subject', '=', k.subject)
    .executeTakeFirst();
  if (!row) return undefined;
  const state = stateOf(row);
  if (Number(row.last_failure_at) < windowStart) state.failures = 0;
  if (row.inflight_at === null || Number(row.inflight_at) < staleBefore) state.inflight = 0;
  return state;
}

/**
 * Settles one attempt in flight: `release` (nothing was checked), `fail` (one more failure, answered),
 * `clear` (the right credentials: the subject's failures and wait are cleared).
 */
export async function settleAttempt(
  db: Db,
  k: ThrottleKey,
  how: 'release' | 'fail' | 'clear',
  at: number,
): Promise<number> {
  const row = await db
    .updateTable('login_throttles')
    .set((eb) => ({
      inflight: eb
        .case()
        .when('inflight', '>', 0)
        .then(eb('inflight', '-', 1))
        .else(0)
        .end(),
      ...(how === 'fail' ? { failures: eb('failures', '+', 1), last_failure_at: at } : {}),
      ...(how === 'clear' ? { failures: 0, blocked_until: null } : {}),
    }))
    .where('operator_id', '=', k.operatorId)
    .where('scope', '=', k.scope)
    .where('subject', '=', k.subject)
    .returning('failures')
    .executeTakeFirst();
  return Number(row?.failures ?? 0);
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
