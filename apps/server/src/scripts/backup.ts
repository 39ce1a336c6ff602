import path from 'node:path';
import { parseEnv } from '../env.ts';
import { backup, databaseTarget } from '../ops/backup.ts';

/**
 * `npm run backup`: a consistent copy of the live database (DATABASE_URL, else the SQLite file in
 * DATA_DIR) into BACKUP_DIR as `playhouse-<UTC time>.sqlite|.pgdump` with a `.sha256` beside it,
 * keeping the newest BACKUP_KEEP. With BACKUP_INTERVAL_MINUTES it stays running and backs up on that
 * schedule until stopped. Exits 1 when a backup fails.
 */
const env = parseEnv();
const target = databaseTarget(env);
const dir = path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups'));

async function once(): Promise<boolean> {
  try {
    const result = await backup(target, { dir, keep: env.BACKUP_KEEP });
    console.info(
      `backup written: ${result.file} (${(result.bytes / 1024).toFixed(0)} KiB in ${result.ms} ms, sha256 ${result.sha256.slice(0, 16)}…)`,
    );
    for (const old of result.removed)
      console.info(`  removed old backup ${old} (keeping ${env.BACKUP_KEEP})`);
    return true;
  } catch (error) {
    console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

if (env.BACKUP_INTERVAL_MINUTES === 0) {
  process.exitCode = (await once()) ? 0 : 1;
} else {
  console.info(`backing up every ${env.BACKUP_INTERVAL_MINUTES} min into ${dir}, keeping ${env.BACKUP_KEEP}`);
  let running: Promise<boolean> = once();
  const timer = setInterval(() => {
    running = running.then(() => once());
  }, env.BACKUP_INTERVAL_MINUTES * 60_000);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      clearInterval(timer);
      // A backup under way finishes (or removes its partial file) before the process ends.
      void running.then(() => process.exit(0));
    });
}
