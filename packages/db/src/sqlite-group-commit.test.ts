import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommitSqliteDialect } from './sqlite-group-commit.ts';

interface Db {
  rows: { id: number; v: string };
}

describe('SQLite group commit', () => {
  let dir: string;
  let file: string;
  let dialect: GroupCommitSqliteDialect;
  let db: Kysely<Db>;
  /** A second connection to the same file: it sees only what was committed. */
  let outside: SQLite.Database;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'playhouse-group-commit-'));
    file = path.join(dir, 'db.sqlite');
    const database = new SQLite(file);
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = FULL');
    dialect = new GroupCommitSqliteDialect(database);
    db = new Kysely<Db>({ dialect });
    await sql`create table rows (id integer primary key, v text not null)`.execute(db);
    outside = new SQLite(file, { readonly: true });
  });

  afterEach(async () => {
    outside.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const committed = (id: number) =>
    outside.prepare('select count(*) as n from rows where id = ?').get(id) as { n: number };

  it('acknowledges each movement only once it is committed, sharing commits among concurrent ones', async () => {
    const seenOutside: number[] = [];
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        db
          .transaction()
          .execute(async (trx) => {
            await trx.insertInto('rows').values({ id: i, v: 'a' }).execute();
            // Give other movements the chance to queue behind this one.
            await new Promise((r) => setImmediate(r));
            await trx.updateTable('rows').set({ v: 'b' }).where('id', '=', i).execute();
          })
          .then(() => {
            if (committed(i).n === 1) seenOutside.push(i);
          }),
      ),
    );
    expect(seenOutside).toHaveLength(200);
    const stats = dialect.stats!;
    expect(stats.movements).toBe(200);
    expect(stats.groups).toBeLessThan(200);
    expect(stats.groups).toBeGreaterThan(0);
  });

  it('undoes only the movement that failed, keeping the others of its group', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('rows').values({ id: i, v: 'kept' }).execute();
          await new Promise((r) => setImmediate(r));
          if (i % 3 === 0) throw new Error(`refused ${i}`);
        }),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected').length;
    expect(refused).toBe(7);
    const ids = (outside.prepare('select id from rows order by id').all() as { id: number }[]).map(
      (r) => r.id,
    );
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => i).filter((i) => i % 3 !== 0));
  });

  it('commits a plain write on its own, even while movements are grouped', async () => {
    let plainSeen = false;
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('rows').values({ id: i, v: 'm' }).execute();
          await new Promise((r) => setImmediate(r));
        }),
      ),
      db
        .insertInto('rows')
        .values({ id: 100, v: 'plain' })
        .execute()
        .then(() => {
          plainSeen = committed(100).n === 1;
        }),
    ]);
    expect(plainSeen).toBe(true);
    expect((outside.prepare('select count(*) as n from rows').get() as { n: number }).n).toBe(11);
  });

  it('lets a lone caller commit at once', async () => {
    await db.transaction().execute((trx) => trx.insertInto('rows').values({ id: 1, v: 'x' }).execute());
    expect(committed(1).n).toBe(1);
    expect(dialect.stats).toEqual({ groups: 1, movements: 1 });
  });

  it('fails every movement of a group whose commit fails, keeping none of them', async () => {
    await sql`create table guarded (id integer primary key, parent integer references rows(id) deferrable initially deferred)`.execute(
      db,
    );
    await sql`pragma foreign_keys = on`.execute(db);
    // A deferred foreign key is checked at COMMIT: one bad movement fails the whole group's commit.
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await sql`insert into guarded (id, parent) values (${i}, ${i === 2 ? 999 : null})`.execute(trx);
          await new Promise((r) => setImmediate(r));
        }),
      ),
    );
    const grouped = dialect.stats!;
    expect(results.some((r) => r.status === 'rejected')).toBe(true);
    const kept = (outside.prepare('select count(*) as n from guarded').get() as { n: number }).n;
    // Whatever committed was acknowledged, and whatever was refused is absent.
    expect(kept).toBe(results.filter((r) => r.status === 'fulfilled').length);
    expect(grouped.movements).toBe(kept);
  });
});
