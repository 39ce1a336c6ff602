import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';
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
  /**
   * PostgreSQL: how long a query waits for a free pool connection before it fails with PoolBusyError
   * (bounded queueing: an overloaded server answers a retryable refusal at once instead of queueing
   * callers for seconds). Unset or 0, it waits as long as it takes.
   */
  poolWaitMs?: number;
  /** PostgreSQL: the server cancels a statement running longer than this (SQLSTATE 57014). Unset or 0, none. */
  statementTimeoutMs?: number;
}

/** No pool connection came free within `poolWaitMs`: nothing was sent to the database. */
export class PoolBusyError extends Error {
  readonly code = 'POOL_BUSY';
  constructor(waitedMs: number, options?: ErrorOptions) {
    super(`no database connection free within ${waitedMs} ms`, options);
    this.name = 'PoolBusyError';
  }
}

/** A pg Pool whose timed-out checkouts are PoolBusyError (pg's own is a plain Error). */
class BoundedPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly waitMs: number,
  ) {
    super(config);
  }
  // Kysely checks out with the promise form; the callback form is left as pg has it.
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().catch((error: unknown) => {
      if (error instanceof Error && /timeout exceeded when trying to connect/.test(error.message))
        throw new PoolBusyError(this.waitMs, { cause: error });
      throw error;
    });
  }
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
    const settings = [
      ...(schema ? [`-c search_path=${schema}`] : []),
      ...(options.statementTimeoutMs
        ? [`-c statement_timeout=${Math.round(options.statementTimeoutMs)}`]
        : []),
    ];
    const pool = new BoundedPool(
      {
        connectionString: url,
        max: options.poolSize ?? 10,
        ...(options.poolWaitMs ? { connectionTimeoutMillis: Math.round(options.poolWaitMs) } : {}),
        ...(settings.length ? { options: settings.join(' ') } : {}),
      },
      options.poolWaitMs ?? 0,
    );
    const db = new Kysely<Database>({ dialect: new SearchPathPostgresDialect({ pool }) });
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

/**
 * PostgreSQL as Kysely speaks it, but with an introspector that reads only the schemas on the
 * connection's search path. Kysely's own reads the columns of every table in every schema of the
 * database, and the migrator asks it three times per start: on a database shared with other schemas
 * (other deployments, tests that each have one) that grows with everyone else's tables and became
 * the slowest part of starting.
 */
class SearchPathPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SearchPathIntrospector(db);
  }
}

const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

class SearchPathIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace`.execute(
      this.db,
    );
    return rows;
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      schema: string;
      table: string;
      kind: string;
      column: string | null;
      type: string | null;
      type_schema: string | null;
      not_null: boolean | null;
      has_default: boolean | null;
      auto_increment: boolean | null;
      comment: string | null;
    }>`
      select n.nspname as schema, c.relname as table, c.relkind as kind, a.attname as column,
        t.typname as type, tn.nspname as type_schema, a.attnotnull as not_null, a.atthasdef as has_default,
        (a.attidentity <> '' or coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%') as auto_increment,
        pg_catalog.col_description(c.oid, a.attnum) as comment
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_catalog.pg_type t on t.oid = a.atttypid
      left join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
      left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where c.relkind in ('r', 'p', 'v', 'm') and n.nspname = any(pg_catalog.current_schemas(false))
      order by n.nspname, c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.has(row.table)) continue;
      const key = `${row.schema}.${row.table}`;
      let table = tables.get(key);
      if (!table) {
        table = {
          name: row.table,
          schema: row.schema,
          isView: row.kind === 'v' || row.kind === 'm',
          columns: [],
        };
        tables.set(key, table);
      }
      if (row.column === null) continue;
      table.columns.push({
        name: row.column,
        dataType: row.type ?? '',
        dataTypeSchema: row.type_schema ?? undefined,
        isNullable: !row.not_null,
        hasDefaultValue: Boolean(row.has_default),
        isAutoIncrementing: Boolean(row.auto_increment),
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
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
