import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { GroupCommitSqliteDialect, type GroupCommitStats } from './sqlite-group-commit.ts';

export type DbDialect = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  dialect: DbDialect;
  /** The PostgreSQL schema this handle works in, when not the default. */
  schema?: string | undefined;
  /** SQLite only: how many commit groups ran and how many movements they held (decision 017). */
  groupCommit?: () => GroupCommitStats | undefined;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** postgres://… for PostgreSQL; a file path, `sqlite:path` or `:memory:` for SQLite. */
  url?: string | undefined;
  /** Folder for the default SQLite file when no url is given. */
  dataDir?: string;
  /** PostgreSQL schema to work in (tests use one per app). Created when missing. */
  schema?: string;
  poolSize?: number;
}

// bigint columns hold epoch milliseconds and minor units, well inside 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens the database the options name, ready for queries (no migrations run here). */
export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  const url = options.url;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const schema = options.schema;
    if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
    if (schema) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema if not exists ${schema}`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', schema, close: () => db.destroy() };
  }

  const file = url ? url.replace(/^sqlite:/, '') : path.join(options.dataDir ?? 'data', 'playhouse.sqlite');
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // Money must survive a power cut: fsync on every commit.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const dialect = new GroupCommitSqliteDialect(database);
  const db = new Kysely<Database>({ dialect });
  return { db, dialect: 'sqlite', groupCommit: () => dialect.stats, close: () => db.destroy() };
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(handle: Pick<DbHandle, 'db' | 'schema'>): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    // The migrator's table lookup scans every schema's catalogue; another schema dropped at that
    // moment (a finished test run's, an operator tidying up) fails the scan with 3F000. Nothing of
    // ours was written then, so looking again is safe.
    if (attempt < 3 && isOtherSchemaGone(error, handle.schema)) continue;
    throw error instanceof Error ? error : new Error(String(error));
  }
}

function isOtherSchemaGone(error: unknown, own: string | undefined): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e?.code !== '3F000') return false;
  const gone = /schema "([^"]+)" does not exist/.exec(String(e.message))?.[1];
  return gone !== undefined && gone !== own;
}

/** Drops a PostgreSQL schema made for a test run. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}

export { sql };
