import type BetterSqlite3 from 'better-sqlite3';
import {
  type CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * SQLite with group commit (decision 017).
 *
 * SQLite has one writer and, with `synchronous=FULL`, one fsync per COMMIT; under load that fsync
 * is most of a movement's cost. Here every Kysely transaction is a SAVEPOINT inside a shared outer
 * transaction (a "group"): a movement is still atomic on its own (its savepoint is released whole
 * or rolled back whole, and nothing outside sees half of it), but its `commit` resolves only once
 * the group's COMMIT (and so its fsync) has returned. The group commits on the next turn of the
 * event loop when the connection is free (setImmediate: the requests that arrived meanwhile join it
 * first), or at once when it holds MAX_GROUP movements or has been open MAX_GROUP_MS, so a lone
 * caller waits one turn and a busy server shares one fsync among many movements. Nothing is
 * acknowledged before it is durable: a crash before the COMMIT loses only movements whose callers
 * were still waiting.
 *
 * Outside a transaction: a read joins the open group (it can see movements whose COMMIT is a few
 * milliseconds away); a write first commits the group and then runs on its own, so a plain write is
 * durable when it returns, as before.
 *
 * Statements are prepared once and reused (an LRU of STATEMENT_CACHE), which Kysely's own SQLite
 * driver does not do.
 */
const MAX_GROUP = 256;
const MAX_GROUP_MS = 20;
const STATEMENT_CACHE = 500;
const SAVEPOINT = 'movement';

type SqliteDatabase = BetterSqlite3.Database;
type Statement = BetterSqlite3.Statement;

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Statistics for benchmarks and tests: how many groups committed and how many movements they held. */
export interface GroupCommitStats {
  groups: number;
  movements: number;
}

class Mutex {
  #queue: (() => void)[] = [];
  #locked = false;

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  /** Takes the lock only if it is free right now. */
  tryLock(): boolean {
    if (this.#locked) return false;
    this.#locked = true;
    return true;
  }

  /** Hands the lock to the next waiter in order, or frees it. */
  unlock(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#locked = false;
  }
}

/** One holder's use of the single connection, from acquire to release. */
class GroupCommitConnection implements DatabaseConnection {
  /** Set once this holder's commit handed the connection on: nothing more may run through it. */
  handedOn = false;

  constructor(readonly driver: GroupCommitDriver) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.handedOn) throw new Error('this connection was handed on at commit');
    return Promise.resolve(this.driver.execute<R>(compiled));
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not used with SQLite');
  }
}

class GroupCommitDriver implements Driver {
  readonly #db: SqliteDatabase;
  readonly #statements = new Map<string, Statement>();
  readonly #mutex = new Mutex();
  readonly stats: GroupCommitStats = { groups: 0, movements: 0 };
  /** The outer transaction is open. */
  #groupOpen = false;
  #groupOpenedAt = 0;
  /** A movement's savepoint is open on the connection right now. */
  #inMovement = false;
  #commitScheduled = false;
  /** Movements released into the open group, waiting for its COMMIT. */
  #waiters: Waiter[] = [];

  constructor(db: SqliteDatabase) {
    this.#db = db;
  }

  async init(): Promise<void> {}

  #prepare(sql: string): Statement {
    let stmt = this.#statements.get(sql);
    if (stmt) {
      // Most recently used last, so the first key is the one to evict.
      this.#statements.delete(sql);
    } else {
      stmt = this.#db.prepare(sql);
      if (this.#statements.size >= STATEMENT_CACHE)
        this.#statements.delete(this.#statements.keys().next().value!);
    }
    this.#statements.set(sql, stmt);
    return stmt;
  }

  #run(sql: string): void {
    this.#prepare(sql).run();
  }

  execute<R>(compiled: CompiledQuery): QueryResult<R> {
    const stmt = this.#prepare(compiled.sql);
    const parameters = compiled.parameters as unknown[];
    // A write outside a movement: the group commits first, so the write is durable on its own.
    if (!stmt.readonly && this.#groupOpen && !this.#inMovement) this.#commitGroup();
    if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return new GroupCommitConnection(this);
  }

  async beginTransaction(): Promise<void> {
    if (this.#groupOpen && !this.#db.inTransaction) this.#failGroup(new Error('the group was rolled back'));
    if (!this.#groupOpen) {
      this.#run('begin immediate');
      this.#groupOpen = true;
      this.#groupOpenedAt = performance.now();
    }
    this.#run(`savepoint ${SAVEPOINT}`);
    this.#inMovement = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#run(`release ${SAVEPOINT}`);
    this.#inMovement = false;
    const durable = new Promise<void>((resolve, reject) => this.#waiters.push({ resolve, reject }));
    // Hand the connection on now: the next movement joins this group, and the group commits when
    // nobody is queued (see #release). If the group then fails, Kysely's rollback and release
    // calls for this holder find it handed on and do nothing.
    (connection as GroupCommitConnection).handedOn = true;
    this.#release();
    return durable;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if ((connection as GroupCommitConnection).handedOn) return;
    this.#inMovement = false;
    if (!this.#db.inTransaction) {
      // Some errors (disk full, I/O) make SQLite roll the whole group back: none of it was kept.
      this.#failGroup(new Error('the group was rolled back by the database'));
      return;
    }
    this.#run(`rollback to ${SAVEPOINT}`);
    this.#run(`release ${SAVEPOINT}`);
  }

  async savepoint(): Promise<void> {
    throw new Error('nested savepoints are not supported with group commit');
  }

  async rollbackToSavepoint(): Promise<void> {
    throw new Error('nested savepoints are not supported with group commit');
  }

  async releaseSavepoint(): Promise<void> {
    throw new Error('nested savepoints are not supported with group commit');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const held = connection as GroupCommitConnection;
    if (held.handedOn) return;
    held.handedOn = true;
    this.#release();
  }

  async destroy(): Promise<void> {
    if (this.#groupOpen) this.#commitGroup();
    this.#db.close();
  }

  #release(): void {
    if (this.#groupOpen) {
      const full =
        this.#waiters.length >= MAX_GROUP || performance.now() - this.#groupOpenedAt >= MAX_GROUP_MS;
      if (full) this.#commitGroup();
      else if (!this.#commitScheduled) {
        // Statements run synchronously, so callers only queue up between turns of the event loop:
        // the group stays open until the requests that arrived meanwhile have had their turn.
        this.#commitScheduled = true;
        setImmediate(this.#commitWhenIdle);
      }
    }
    this.#mutex.unlock();
  }

  readonly #commitWhenIdle = () => {
    this.#commitScheduled = false;
    // A holder mid-movement commits (or schedules again) when it releases.
    if (!this.#groupOpen || !this.#mutex.tryLock()) return;
    try {
      this.#commitGroup();
    } finally {
      this.#mutex.unlock();
    }
  };

  /** Nothing of the open group was kept: every movement in it fails, and its caller may try again. */
  #failGroup(error: unknown): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    this.#groupOpen = false;
    if (this.#db.inTransaction) this.#run('rollback');
    for (const w of waiters) w.reject(error);
  }

  #commitGroup(): void {
    try {
      this.#run('commit');
    } catch (error) {
      this.#failGroup(error);
      return;
    }
    const waiters = this.#waiters;
    this.#waiters = [];
    this.#groupOpen = false;
    if (waiters.length) {
      this.stats.groups++;
      this.stats.movements += waiters.length;
    }
    for (const w of waiters) w.resolve();
  }
}

/** A Kysely dialect for better-sqlite3 with group commit and a statement cache. */
export class GroupCommitSqliteDialect implements Dialect {
  readonly #db: SqliteDatabase;
  #driver: GroupCommitDriver | undefined;

  constructor(db: SqliteDatabase) {
    this.#db = db;
  }

  get stats(): GroupCommitStats | undefined {
    return this.#driver?.stats;
  }

  createDriver(): Driver {
    this.#driver = new GroupCommitDriver(this.#db);
    return this.#driver;
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
