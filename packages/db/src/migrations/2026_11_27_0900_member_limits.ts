import type { Kysely } from 'kysely';
import { bigint } from './column-types.ts';

/**
 * Member limits decided in the step that writes (issue 29, decision 023).
 *
 * - The wager and loss limits now also count money sent to and brought back from transfer-mode
 *   vendors (`transfer_in`, `transfer_out` entries). The hours `rg_hourly` already keeps were summed
 *   without those kinds, so every member's kept hours are summed again from the journal: clearing
 *   `rollup_until` makes the next check (or the limits page) re-sum the month, once per member.
 * - `login_throttles.inflight` / `inflight_at`: attempts being checked right now, apart from the
 *   settled `failures`, so a sign-in still in flight is never counted as a failure (parallel right
 *   passwords meet no captcha) while parallel wrong guesses still wait for the ones ahead of them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable('rg_profiles').set({ rollup_until: null }).execute();
  await db.schema
    .alterTable('login_throttles')
    .addColumn('inflight', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('login_throttles').addColumn('inflight_at', bigint).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_throttles').dropColumn('inflight_at').execute();
  await db.schema.alterTable('login_throttles').dropColumn('inflight').execute();
  // Kept hours summed with more kinds are still right for the rules before this migration.
}
