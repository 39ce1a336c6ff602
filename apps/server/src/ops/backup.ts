import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createDb, sql } from '@playhouse/db/create-db';
import { migrations } from '@playhouse/db/migrations/index';
import type { LedgerVerify } from '@playhouse/contract/wallet';
import { createLedgerService } from '../modules/ledger/ledger.service.ts';

/**
 * Backups and restores of the whole database (docs/operations.md). A backup is one consistent
 * snapshot taken while the server keeps serving: SQLite's `VACUUM INTO` copies inside one read
 * transaction, `pg_dump` reads inside one repeatable-read snapshot. A restore goes only into an empty
 * place and ends with the ledger check, so a copy is never reported good before its money adds up.
 */

export type DatabaseTarget =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string | undefined };

export const BACKUP_PATTERN = /^playhouse-\d{8}T\d{9}Z(-\d+)?\.(sqlite|pgdump)$/;

/** The database the server would open from these settings (the same rules as createDb). */
export function databaseTarget(env: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
  DATABASE_SCHEMA?: string | undefined;
}): DatabaseTarget {
  const url = env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url, schema: env.DATABASE_SCHEMA };
  return {
    kind: 'sqlite',
    file: path.resolve(url ? url.replace(/^sqlite:/, '') : path.join(env.DATA_DIR, 'playhouse.sqlite')),
  };
}

export interface BackupResult {
  file: string;
  bytes: number;
  sha256: string;
  ms: number;
  /** Older backups removed to keep the last `keep`. */
  removed: string[];
}

/** `20261127T175200123Z`: sorts by time as text. */
function stamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace('.', '');
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function run(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${command} not found: install the PostgreSQL client tools (postgresql-client)`)
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve({ stdout, stderr })
        : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/** A consistent copy of the live database into `dir` as a dated file, then only the last `keep` kept. */
export async function backup(
  target: DatabaseTarget,
  options: { dir: string; keep: number; now?: Date },
): Promise<BackupResult> {
  const started = Date.now();
  await mkdir(options.dir, { recursive: true });
  const extension = target.kind === 'sqlite' ? 'sqlite' : 'pgdump';
  const base = `playhouse-${stamp(options.now ?? new Date())}`;
  let name = `${base}.${extension}`;
  for (let n = 2; existsSync(path.join(options.dir, name)); n++) name = `${base}-${n}.${extension}`;
  const file = path.join(options.dir, name);
  const partial = `${file}.partial`;
  try {
    if (target.kind === 'sqlite') {
      if (!existsSync(target.file)) throw new Error(`no database at ${target.file}`);
      const source = new SQLite(target.file, { readonly: true, fileMustExist: true });
      try {
        source.pragma('busy_timeout = 5000');
        // One read transaction: the copy is the database as of one commit, writers carry on (WAL).
        source.prepare('VACUUM INTO ?').run(partial);
      } finally {
        source.close();
      }
      const copy = new SQLite(partial, { readonly: true, fileMustExist: true });
      try {
        const check = copy.pragma('quick_check', { simple: true });
        if (check !== 'ok') throw new Error(`the copy failed its integrity check: ${String(check)}`);
      } finally {
        copy.close();
      }
    } else {
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        ...(target.schema ? [`--schema=${target.schema}`] : []),
        `--file=${partial}`,
        `--dbname=${target.url}`,
      ]);
    }
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const sha256 = await sha256Of(file);
  await writeFile(`${file}.sha256`, `${sha256}  ${name}\n`);
  const removed = await prune(options.dir, options.keep);
  return { file, bytes: (await stat(file)).size, sha256, ms: Date.now() - started, removed };
}

/** Removes all but the newest `keep` backups (and their checksums) in `dir`. */
export async function prune(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((n) => BACKUP_PATTERN.test(n)).sort();
  const old = names.slice(0, Math.max(0, names.length - Math.max(1, keep)));
  for (const name of old) {
    await rm(path.join(dir, name), { force: true });
    await rm(path.join(dir, `${name}.sha256`), { force: true });
  }
  return old;
}

export interface RestoreResult {
  /** Where the copy now lives. */
  restored: string;
  /** Migrations recorded in the copy, and how many this version knows. */
  migrations: { recorded: number; known: number };
  ledger: LedgerVerify;
  ms: number;
}

export class RestoreRefused extends Error {}

async function kindOf(file: string): Promise<'sqlite' | 'postgres'> {
  const head = (await readFile(file)).subarray(0, 16);
  if (head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  throw new RestoreRefused(`${file} is neither a SQLite backup nor a pg_dump custom-format backup`);
}

async function checkChecksum(file: string) {
  const sidecar = `${file}.sha256`;
  if (!existsSync(sidecar)) return;
  const expected = (await readFile(sidecar, 'utf8')).trim().split(/\s+/)[0];
  const actual = await sha256Of(file);
  if (expected !== actual) throw new RestoreRefused(`${file} does not match its checksum (${sidecar})`);
}

/** The ledger check and the migration count on a database that was just restored. */
async function checkRestored(options: { url: string; schema?: string | undefined }) {
  const handle = await createDb({
    url: options.url,
    poolSize: 2,
    ...(options.schema ? { schema: options.schema } : {}),
  });
  try {
    const recorded = await sql<{ n: number | string }>`select count(*) as n from kysely_migration`.execute(
      handle.db,
    );
    const ledger = await createLedgerService(handle.db).verify();
    return {
      migrations: { recorded: Number(recorded.rows[0]?.n ?? 0), known: Object.keys(migrations).length },
      ledger,
    };
  } finally {
    await handle.close();
  }
}

/**
 * Restores `file` into `target`, which must be empty: a SQLite file that does not exist yet, or a
 * PostgreSQL schema with no tables. The ledger check runs before this returns; a SQLite copy whose
 * ledger does not hold is left beside the target (`.restoring`), never in its place.
 */
export async function restore(target: DatabaseTarget, file: string): Promise<RestoreResult> {
  const started = Date.now();
  if (!existsSync(file)) throw new RestoreRefused(`no backup at ${file}`);
  const kind = await kindOf(file);
  if (kind !== target.kind)
    throw new RestoreRefused(
      `${path.basename(file)} is a ${kind} backup but the target is ${target.kind} (set DATABASE_URL for the place to restore into)`,
    );
  await checkChecksum(file);

  if (target.kind === 'sqlite') {
    for (const f of [target.file, `${target.file}-wal`])
      if (existsSync(f) && statSync(f).size > 0)
        throw new RestoreRefused(`${target.file} already exists: restore into an empty data directory`);
    await mkdir(path.dirname(target.file), { recursive: true });
    const restoring = `${target.file}.restoring`;
    await copyFile(file, restoring);
    const checked = await checkRestored({ url: restoring });
    if (!checked.ledger.ok) return { restored: restoring, ...checked, ms: Date.now() - started };
    await rm(`${target.file}-shm`, { force: true });
    await rename(restoring, target.file);
    return { restored: target.file, ...checked, ms: Date.now() - started };
  }

  // The schema the dump holds (a dump of one schema names it; a whole-database dump uses public).
  const { stdout } = await run('pg_restore', ['--list', file]);
  const dumped = /^\d+; \d+ \d+ SCHEMA - (\S+) /m.exec(stdout)?.[1];
  const schema = dumped ?? target.schema ?? 'public';
  if (target.schema && dumped && target.schema !== dumped)
    throw new RestoreRefused(
      `the backup holds schema ${dumped} but DATABASE_SCHEMA is ${target.schema}: restore it under its own name`,
    );
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
      [schema],
    );
    if (Number(rows[0]?.n ?? 0) > 0)
      throw new RestoreRefused(
        `schema ${schema} already holds tables: restore into an empty database or schema`,
      );
    // An empty schema of that name (a server opened once, say) would make the dump's CREATE SCHEMA fail.
    if (dumped) await client.query(`drop schema if exists "${dumped.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  await run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${target.url}`,
    file,
  ]);
  const checked = await checkRestored({ url: target.url, schema: dumped ?? target.schema });
  return {
    restored: `${target.url.replace(/\/\/[^@/]*@/, '//')} schema ${schema}`,
    ...checked,
    ms: Date.now() - started,
  };
}
