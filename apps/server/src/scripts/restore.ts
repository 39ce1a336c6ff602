import path from 'node:path';
import { parseEnv } from '../env.ts';
import { RestoreRefused, databaseTarget, restore } from '../ops/backup.ts';

/**
 * `npm run restore -- FILE`: restores a backup into the database the server would open
 * (DATABASE_URL, else the SQLite file in DATA_DIR), which must be empty, then runs the ledger check.
 * Exits 0 when the copy is in place and its ledger holds, 1 when the ledger check finds a breach,
 * 2 when it could not restore at all.
 */
const file = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (!file) {
  console.error('usage: npm run restore -- FILE   (into the empty DATA_DIR or DATABASE_URL)');
  process.exit(2);
}
const env = parseEnv();
try {
  const result = await restore(databaseTarget(env), path.resolve(file));
  const { ledger, migrations } = result;
  console.info(
    `migrations: ${migrations.recorded} recorded in the copy, ${migrations.known} known to this version` +
      (migrations.recorded < migrations.known ? ' (the server applies the rest when it starts)' : ''),
  );
  console.info(
    `ledger ${ledger.ok ? 'OK' : 'BREACHED'}: ${ledger.entries} entries, ${ledger.breaches.length} breaches`,
  );
  for (const b of ledger.breaches) console.info(`  ${b.kind} #${b.id}: ${b.detail}`);
  if (ledger.ok) {
    console.info(`restored into ${result.restored} in ${result.ms} ms`);
    process.exitCode = 0;
  } else {
    console.error(`restore NOT complete: the copy's ledger does not hold; it was left at ${result.restored}`);
    process.exitCode = 1;
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`restore refused: ${message}`);
  if (!(error instanceof RestoreRefused)) console.error('restore failed before the copy was complete');
  process.exitCode = 2;
}
