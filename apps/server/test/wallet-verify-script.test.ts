import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, dropSchema, type DbHandle } from '@playhouse/db/create-db';
import { buildApp, type App } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { DIALECTS, TEST_ADMIN_PASSWORD, TEST_DATABASE_URL, createTestMember } from './support/test-app.ts';
import { fund } from './support/seamless.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Each test starts the script as its own process (tsx compiles it at every start) up to three times. */
const PROCESS_TEST_MS = 120_000;

/** `npm run ledger:verify` as an operator runs it: its exit code and output. */
function ledgerVerify(env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/scripts/ledger-verify.ts', ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe.each(DIALECTS)('npm run ledger:verify (%s)', (dialect) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-verify-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  // Where the script finds the database: a SQLite file, or the test schema through search_path.
  const env =
    dialect === 'sqlite'
      ? { DATABASE_URL: path.join(dir, 'playhouse.sqlite') }
      : { DATABASE_URL: `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}` };
  let handle: DbHandle;
  let app: App;

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    if (dialect === 'postgres') await dropSchema(TEST_DATABASE_URL, schema);
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'exits 0 on a sound ledger and 1 with the breach once a balance is tampered with',
    async () => {
      handle = await createDb(
        dialect === 'sqlite' ? { url: env.DATABASE_URL } : { url: TEST_DATABASE_URL, schema, poolSize: 2 },
      );
      app = await buildApp({
        env: parseEnv({
          NODE_ENV: 'test',
          PLAYHOUSE_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
          LOG_LEVEL: 'silent',
          SEED_DEMO: '0',
        }),
        database: handle,
        logger: false,
      });
      await app.ready();
      const member = await createTestMember(app);
      await fund(app, member.username, '42.00');
      await fund(app, member.username, '-2.00');

      const sound = await ledgerVerify(env);
      expect(sound.stdout).toContain('ledger OK: 2 entries, 0 breaches');
      expect(sound.code).toBe(0);
      const json = await ledgerVerify(env, ['--json']);
      expect(JSON.parse(json.stdout)).toEqual({ ok: true, entries: 2, breaches: [] });

      await handle.db
        .updateTable('ledger_accounts')
        .set({ balance: 4300 })
        .where('member_id', '=', member.id)
        .execute();
      const breached = await ledgerVerify(env);
      expect(breached.code).toBe(1);
      expect(breached.stdout).toContain('ledger BREACHED');
      expect(breached.stdout).toMatch(/balance_mismatch #\d+: cached 43\.00, lines sum to 40\.00/);
      await handle.db
        .updateTable('ledger_accounts')
        .set({ balance: 4000 })
        .where('member_id', '=', member.id)
        .execute();
      expect((await ledgerVerify(env)).code).toBe(0);
    },
    PROCESS_TEST_MS,
  );

  it(
    'exits 2 when there is no ledger to check',
    async () => {
      const empty =
        dialect === 'sqlite'
          ? { DATABASE_URL: path.join(dir, 'empty.sqlite') }
          : {
              DATABASE_URL: `${TEST_DATABASE_URL}?options=${encodeURIComponent('-c search_path=no_such_schema')}`,
            };
      const res = await ledgerVerify(empty);
      expect(res.code).toBe(2);
      expect(res.stderr).toContain('ledger check failed');
    },
    PROCESS_TEST_MS,
  );
});
