import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { SqliteHandle } from './node-sqlite.ts';

// Group commit for SQLite (decision 018). With synchronous=FULL every COMMIT waits for the disk
// (fsync), and node:sqlite does that on the event loop. Here a transaction is a SAVEPOINT inside
// one open physical transaction; its caller is answered only after the physical COMMIT that
// contains it, and transactions that queued up meanwhile share that COMMIT. So "acknowledged =
// on disk" still holds, with one fsync per group instead of one per save.
//
// Reads outside a transaction may see a grouped write a moment before it is acknowledged (never
// one that is then lost without its writer being told). A write outside a transaction first
// commits the open group, then runs on its own (autocommit), so it too is durable when answered.

/** A FIFO lock: the single connection serves one transaction (or query) at a time. */
class FifoLock {
  #held = false;
  #waiting: (() => void)[] = [];
  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

type Waiter = { resolve: () => void; reject: (error: unknown) => void };

export type GroupCommitStats = {
  transactions: number;
  commits: number;
  /** Groups lost to a failed COMMIT or a rollback by SQLite: what readers saw of them is gone. */
  rollbacks: number;
};

class GroupCommitDriver implements Driver {
  readonly #handle: SqliteHandle;
  readonly #lock = new FifoLock();
  /** Transactions released into the open physical transaction, waiting for its COMMIT. */
  #group: Waiter[] = [];
  #flushScheduled = false;
  #inTransaction = false;
  readonly stats: GroupCommitStats = { transactions: 0, commits: 0, rollbacks: 0 };

  constructor(handle: SqliteHandle) {
    this.#handle = handle;
  }

  async init(): Promise<void> {}

  /** One connection object per turn at the lock, so an early release is that turn's alone. */
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    return new GroupConnection(this.#handle, () => this.#beforeAutocommitWrite());
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if ((connection as GroupConnection).releasedEarly) return;
    this.#lock.release();
  }

  #exec(sql: string): void {
    this.#handle.raw.exec(sql);
  }

  async beginTransaction(): Promise<void> {
    if (!this.#handle.raw.isTransaction) {
      // The group's physical transaction is gone (SQLite rolls back on some I/O errors): its
      // members' work is lost, so they must hear it, not a false "saved".
      this.#settle(new Error('The database rolled back a transaction'));
      this.#exec('BEGIN IMMEDIATE');
    }
    this.#exec('SAVEPOINT muse_group_member');
    this.#inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#exec('RELEASE muse_group_member');
    this.#inTransaction = false;
    this.stats.transactions += 1;
    const acknowledged = new Promise<void>((resolve, reject) => {
      this.#group.push({ resolve, reject });
    });
    this.#scheduleFlush();
    // Let the next transaction in (it joins this group) while this one waits for the disk.
    (connection as GroupConnection).releasedEarly = true;
    this.#lock.release();
    await acknowledged;
  }

  async rollbackTransaction(): Promise<void> {
    this.#inTransaction = false;
    if (!this.#handle.raw.isTransaction) return;
    this.#exec('ROLLBACK TO muse_group_member');
    this.#exec('RELEASE muse_group_member');
  }

  #scheduleFlush(): void {
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    setImmediate(() => {
      // Behind everyone already queued for the connection: they join this group.
      void this.#lock.acquire().then(() => {
        this.#flushScheduled = false;
        try {
          if (this.#handle.raw.isOpen) this.#commitGroup();
        } finally {
          this.#lock.release();
        }
      });
    });
  }

  /** COMMITs the open physical transaction (the lock is held) and answers its members. */
  #commitGroup(): void {
    if (!this.#handle.raw.isTransaction) {
      this.#settle(this.#group.length ? new Error('The database rolled back a transaction') : null);
      return;
    }
    try {
      this.#exec('COMMIT');
      this.stats.commits += 1;
      this.#settle(null);
    } catch (error) {
      if (this.#handle.raw.isTransaction) this.#exec('ROLLBACK');
      this.#settle(error);
    }
  }

  #settle(error: unknown): void {
    if (error) this.stats.rollbacks += 1;
    const group = this.#group;
    this.#group = [];
    for (const waiter of group) {
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
  }

  /** A write (or pragma) outside any transaction: commit the open group first, then run alone. */
  #beforeAutocommitWrite(): void {
    if (!this.#inTransaction && this.#handle.raw.isTransaction) this.#commitGroup();
  }

  async destroy(): Promise<void> {
    if (this.#handle.raw.isOpen) {
      if (this.#handle.raw.isTransaction) this.#commitGroup();
      this.#handle.database.close();
    }
  }
}

class GroupConnection implements DatabaseConnection {
  /** Set when this turn's transaction gave the lock back before being acknowledged. */
  releasedEarly = false;
  readonly #handle: SqliteHandle;
  readonly #beforeAutocommitWrite: () => void;
  constructor(handle: SqliteHandle, beforeAutocommitWrite: () => void) {
    this.#handle = handle;
    this.#beforeAutocommitWrite = beforeAutocommitWrite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#handle.database.prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters;
    // Only a plain SELECT may run inside the open group; anything else (a write, a PRAGMA such
    // as erasure's checkpoint) first commits the group and then runs on its own.
    if (statement.reader && /^\s*select\b/i.test(compiledQuery.sql)) {
      return { rows: statement.all(parameters) as R[] };
    }
    this.#beforeAutocommitWrite();
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      numAffectedRows: changes != null ? BigInt(changes) : undefined,
      insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
      rows: [],
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not used; Kysely requires the method
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported');
  }
}

/** Kysely's own mutex is off: the driver serialises access itself (and gives it back early). */
class GroupCommitAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

export class GroupCommitSqliteDialect implements Dialect {
  readonly #driver: GroupCommitDriver;
  constructor(handle: SqliteHandle) {
    this.#driver = new GroupCommitDriver(handle);
  }
  get stats(): GroupCommitStats {
    return this.#driver.stats;
  }
  createDriver(): Driver {
    return this.#driver;
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new GroupCommitAdapter();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
