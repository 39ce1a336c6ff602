import type { Kysely } from 'kysely';

/**
 * Member limits decided in the step that writes (issue 29, decision 023).
 *
 * - The wager and loss limits now also count money sent to and brought back from transfer-mode
 *   vendors (`transfer_in`, `transfer_out` entries). The hours `rg_hourly` already keeps were summed
 *   without those kinds, so every member's kept hours are summed again from the journal: clearing
 *   `rollup_until` makes the next check (or the limits page) re-sum the month, once per member.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable('rg_profiles').set({ rollup_until: null }).execute();
}

export async function down(): Promise<void> {
  // Kept hours summed with more kinds are still right for the rules before this migration.
}
