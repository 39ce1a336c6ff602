import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { parseEnv } from '../apps/server/src/env.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';

/** Starts the real server in this process on a free loopback port with a throwaway SQLite data dir. */
export async function startServer(extraEnv: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'playhouse-bench-'));
  const app = await buildApp({
    env: parseEnv({
      NODE_ENV: 'production',
      // Production refuses to start without the key that seals stored secrets.
      SECRETS_KEY: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PLAYHOUSE_ADMIN_PASSWORD: 'bench-admin-password',
      // One brand: with a second one, production serves only the brands' own host names, and the
      // benches ask the loopback address (decision 039).
      DEMO_SECOND_BRAND: '0',
      ...extraEnv,
    }),
    logger: false,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url: address,
    async stop() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM = CHROMIUM_PATH;
export const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

/** The same server in a child process (serve.ts), so the bench's own work does not slow its answers. */
export async function startServerProcess(): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'serve.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}
