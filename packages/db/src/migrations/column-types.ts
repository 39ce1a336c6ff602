import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { SqliteAdapter } from 'kysely';

/**
 * Column helpers shared by migrations so both dialects get the natural type: SQLite's rowid alias
 * for ids, PostgreSQL identity columns and bigint for epoch-millisecond timestamps and money.
 */
export type Dialect = 'sqlite' | 'postgres';

export async function dialectOf(db: Kysely<any>): Promise<Dialect> {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}

export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity());
}

export const bigint = 'bigint' as const;
export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
