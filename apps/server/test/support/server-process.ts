import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { encryptCredentials } from '@playhouse/contract/credential-encryption';
import { insertMember } from '../../src/modules/members/members.repository.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import type { DbHandle } from '@playhouse/db/create-db';
import { TEST_ADMIN_PASSWORD } from './test-app.ts';

/**
 * The real server as an operator runs it (`node --import tsx apps/server/src/main.ts`) in a child
 * process on a loopback port, and the operator's npm scripts, for tests of whole processes: backups
 * and restores, crashes, two instances behind a proxy.
 */

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** What the process wrote to stderr so far. */
  stderr: () => string;
}

/** Starts the server and waits until /readyz says it can serve. */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      DEMO_PROVIDER: '0',
      PAYMENT_GATEWAY: '0',
      PAYMENT_RECONCILE_SECONDS: '0',
      REGISTER_LIMIT_PER_HOUR: '100000',
      PLAYHOUSE_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      ...env,
      PORT: String(chosen),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${chosen}`;
  // A first start migrates and seeds; on a busy 2-core machine that has taken over 20 s.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${stderr}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, url, port: chosen, stderr: () => stderr };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sends the signal and waits for the process to end. */
export async function stopServer(server: { child: ChildProcess }, signal: NodeJS.Signals = 'SIGTERM') {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

/** One of the operator's npm scripts (`apps/server/src/scripts/<name>.ts`): exit code and output. */
export function runScript(name: string, env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `apps/server/src/scripts/${name}.ts`, ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

export interface ApiAnswer {
  status: number;
  code?: string;
  value: Record<string, unknown>;
}

/** One request in the API's envelope; never throws on an error status (the caller decides). */
export async function call(
  url: string,
  method: string,
  route: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: {
      ...(body !== undefined && !(body instanceof Buffer) ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: body instanceof Buffer ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: { code?: string; value?: Record<string, unknown> } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // Not the envelope (a proxy's 502, say): status only.
  }
  return { status: res.status, ...(json.code ? { code: json.code } : {}), value: json.value ?? {} };
}

/** Like `call`, but anything other than 200 is an error. */
export async function api(url: string, method: string, route: string, token: string | null, body?: unknown) {
  const res = await call(url, method, route, token, body);
  if (res.status !== 200) throw new Error(`${method} ${route}: ${res.status} ${res.code ?? ''}`);
  return res.value;
}

export const staffToken = async (url: string) =>
  (await api(url, 'POST', '/bo/api/session', null, { username: 'admin', password: TEST_ADMIN_PASSWORD }))
    .token as string;

export const MEMBER_PASSWORD = 'Harbour7Tangerine';

/**
 * A member ready to move money over HTTP: inserted with a password, a payee name and a mobile
 * (registration has its own tests), then signed in through the encrypted login as the site does.
 */
export async function signedInMember(url: string, handle: DbHandle, username: string) {
  const operator = await handle.db
    .selectFrom('operators')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const id = await insertMember(handle.db, {
    operator_id: Number(operator.id),
    username,
    password_hash: await hashPassword(MEMBER_PASSWORD),
    type: 0,
    status: 'active',
    currency: 'PHP',
    first_time_login: 0,
    created_at: Date.now(),
  });
  await handle.db
    .updateTable('members')
    .set({
      profile: JSON.stringify({ payeeName: 'Juan Dela Cruz' }),
      mobile_num: `917${String(id).padStart(7, '0')}`,
      country_dialing_code: '63',
    })
    .where('id', '=', id)
    .execute();
  const { publicKey } = (await api(url, 'GET', '/wps/system/publicKey', null)) as { publicKey: string };
  const { header, body } = await encryptCredentials(publicKey, {
    type: 'username',
    username,
    password: MEMBER_PASSWORD,
  });
  const res = await fetch(`${url}/wps/session/login`, {
    method: 'POST',
    headers: { encryption: header, language: 'EN', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { value?: { token?: string } };
  if (res.status !== 200 || !json.value?.token) throw new Error(`login failed: ${JSON.stringify(json)}`);
  return { id, username, token: json.value.token };
}

/** A small real PNG, as a deposit receipt. */
export const receiptPng = () =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
