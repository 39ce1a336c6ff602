import { createDb } from '@playhouse/db/create-db';
import { parseEnv } from '../env.ts';
import { createLedgerService } from '../modules/ledger/ledger.service.ts';

/**
 * `npm run ledger:verify`: the ledger check against the database the server would open
 * (DATABASE_URL, else the SQLite file in DATA_DIR), for every operator. Prints a summary (or the
 * report as JSON with --json) and exits 0 when the ledger holds, 1 on any breach, 2 when it could
 * not check at all. It only reads; it never migrates or repairs.
 */
const env = parseEnv();
const json = process.argv.includes('--json');
const handle = await createDb({
  url: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  poolSize: 2,
  ...(env.DATABASE_SCHEMA ? { schema: env.DATABASE_SCHEMA } : {}),
});
try {
  const report = await createLedgerService(handle.db).verify();
  if (json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    console.info(
      `ledger ${report.ok ? 'OK' : 'BREACHED'}: ${report.entries} entries, ${report.breaches.length} breaches`,
    );
    for (const b of report.breaches) console.info(`  ${b.kind} #${b.id}: ${b.detail}`);
  }
  process.exitCode = report.ok ? 0 : 1;
} catch (error) {
  console.error(`ledger check failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
} finally {
  await handle.close();
}
