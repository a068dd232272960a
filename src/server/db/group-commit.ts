import type { StatementSync } from 'node:sqlite';
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
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.ts';
import { createWalSync, type WalSync } from './wal-sync.ts';

// Group commit for SQLite (decision 018). With synchronous=FULL every COMMIT waits for the disk
// (fsync), and node:sqlite does that on the event loop. Here a transaction is a SAVEPOINT inside
// one open physical transaction; its caller is answered only after the physical COMMIT that
// contains it, and transactions that queued up meanwhile share that COMMIT. So "acknowledged =
// on disk" still holds, with one fsync per group instead of one per save.
//
// Reads outside a transaction may see a grouped write a moment before it is acknowledged (never
// one that is then lost without its writer being told). A write outside a transaction first
// commits the open group, then runs on its own (autocommit), so it too is durable when answered.
// With no group open, the reads of one turn of the event loop share a read transaction of their
// own, which anything else ends first (decision 044).
//
// Neither the fsync nor SQLite's checkpoints run on the event loop (decision 030): COMMIT only
// writes the log (synchronous=NORMAL), the log is fsynced on the thread pool before anyone is
// answered (wal-sync.ts), and a worker thread copies the log into the database
// (wal-checkpointer.ts). Only the file's own writes are left on the loop.

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
  /** Nobody holds the lock (and so nobody waits for it). */
  get free(): boolean {
    return !this.#held;
  }
}

/** Only a plain SELECT may run inside the open group without committing it first. */
const PLAIN_SELECT = /^\s*select\b/i;

/** Two counters that only move when the database may have changed (GroupCommitDriver.changes). */
export type SqliteChanges = { dataVersion: number; local: number };

type Waiter = { resolve: () => void; reject: (error: unknown) => void };

export type GroupCommitStats = {
  transactions: number;
  commits: number;
  /** Groups lost to a failed COMMIT or a rollback by SQLite: what readers saw of them is gone. */
  rollbacks: number;
  /** fsyncs of the log asked for (several askers share one when they overlap). */
  syncs: number;
  /** Times writes paused for the checkpoint worker's final pass over a large log. */
  pauses: number;
};

export type GroupCommitOptions = {
  /** Makes the log durable (tests pass their own); by default an fsync of `<file>-wal`. */
  walSync?: WalSync;
  /** The worker's settings (tests make it eager); false: no worker, SQLite checkpoints itself. */
  checkpointer?: { intervalMs?: number; largeFrames?: number } | false;
};

class GroupCommitDriver implements Driver {
  readonly #handle: SqliteHandle;
  readonly #lock = new FifoLock();
  /** Null when the database has no log to sync (in memory): nothing there outlives the process. */
  readonly #walSync: WalSync | null;
  readonly #checkpointer: WalCheckpointer | null;
  #pausing = false;
  /** Statements other than a plain SELECT run on the connection, counted as they start. */
  #writes = 0;
  #dataVersion: StatementSync | null = null;
  /** `data_version` as read in this turn of the event loop, null until read (changes()). */
  #turnDataVersion: number | null = null;
  readonly #forgetTurnDataVersion = () => {
    this.#turnDataVersion = null;
  };
  /** Transactions released into the open physical transaction, waiting for its COMMIT. */
  #group: Waiter[] = [];
  #flushScheduled = false;
  #inTransaction = false;
  /**
   * The open physical transaction is a read transaction this driver began for the reads of one
   * turn of the event loop (decision 044), not the group's: it ends (COMMIT) when the turn does,
   * and before anything but a plain SELECT runs.
   */
  #turnRead = false;
  readonly #endTurnRead = () => this.#endRead();
  readonly stats: GroupCommitStats = {
    transactions: 0,
    commits: 0,
    rollbacks: 0,
    syncs: 0,
    pauses: 0,
  };

  constructor(handle: SqliteHandle, options: GroupCommitOptions = {}) {
    this.#handle = handle;
    const file = handle.raw.location();
    const mode = handle.raw.prepare('PRAGMA journal_mode').get()?.journal_mode;
    if (file && mode === 'wal') {
      // The fsync that FULL would do inside COMMIT is done by #durable, off the loop.
      handle.raw.exec('PRAGMA synchronous = NORMAL');
      // A log that grew during a long stream of writes is cut back when it starts afresh.
      handle.raw.exec('PRAGMA journal_size_limit = 67108864');
      this.#walSync = options.walSync ?? createWalSync(`${file}-wal`);
      if (options.checkpointer === false) {
        this.#checkpointer = null;
      } else {
        handle.raw.exec('PRAGMA wal_autocheckpoint = 0');
        this.#checkpointer = startWalCheckpointer(
          file,
          () => void this.#pauseForCheckpoint(),
          options.checkpointer,
        );
      }
    } else {
      this.#walSync = null;
      this.#checkpointer = null;
    }
  }

  /** Resolves once every write committed so far is on disk. */
  #durable(): Promise<void> {
    if (!this.#walSync) return Promise.resolve();
    this.stats.syncs += 1;
    return this.#walSync.sync();
  }

  /**
   * The log is large and the worker cannot finish copying it while writes keep coming: hold
   * the connection (after the open group commits) for one final pass, so that the next write
   * starts the log afresh. Reads wait too, for about two fsyncs; the event loop does not.
   */
  async #pauseForCheckpoint(): Promise<void> {
    if (this.#pausing || !this.#checkpointer) return;
    this.#pausing = true;
    await this.#lock.acquire();
    try {
      if (this.#handle.raw.isOpen) {
        if (this.#handle.raw.isTransaction) void this.#commitGroup();
        this.stats.pauses += 1;
        await this.#checkpointer.finalPass();
      }
    } finally {
      this.#pausing = false;
      this.#lock.release();
    }
  }

  async init(): Promise<void> {}

  /**
   * Reads share one read transaction per turn (decision 044). A statement run outside a
   * transaction takes and gives back the file's shared lock and a log read mark (`fcntl`s and an
   * `fstat`, about 7 µs); in a transaction the same lookup is under 1 µs. So the first read of a
   * turn with no transaction open begins one, and the turn's end commits it. Every read of the
   * turn sees the database as that first one did: this process's own writes end it first, and
   * another process's commit is seen from the next turn on (as `data_version`, decision 043).
   */
  #beginRead(): void {
    if (this.#handle.raw.isTransaction) return;
    this.#exec('BEGIN');
    this.#turnRead = true;
    setImmediate(this.#endTurnRead);
  }

  /** Ends the turn's read transaction, if one is open: before a write, a pause, or the turn's end. */
  #endRead(): void {
    if (!this.#turnRead) return;
    this.#turnRead = false;
    if (!this.#handle.raw.isOpen || !this.#handle.raw.isTransaction) return;
    try {
      this.#exec('COMMIT');
    } catch {
      // A transaction that only read has nothing to keep: whatever failed, it ends.
      if (this.#handle.raw.isTransaction) this.#exec('ROLLBACK');
    }
  }

  /**
   * A plain SELECT run at once, when nobody holds the connection: what a turn at the lock would
   * do a few promises later, with nothing in between (no transaction is open but the group's,
   * which every read outside a transaction sees, or the turn's read transaction, which this
   * begins if none is open). Null when the connection is held or the query is not a plain
   * SELECT: the caller takes its turn as usual.
   */
  readNow(sql: string, parameters: readonly unknown[]): unknown[] | null {
    if (!this.#lock.free || !this.#handle.raw.isOpen || !PLAIN_SELECT.test(sql)) return null;
    const statement = this.#handle.database.prepare(sql);
    if (!statement.reader) return null;
    this.#beginRead();
    return statement.all(parameters);
  }

  /**
   * What would tell that the database may have changed since: SQLite's `data_version` (another
   * connection committed: another process, a CLI) and this connection's own writes plus the
   * groups it lost. While both stay the same, nothing anyone can read has changed. Null once
   * the connection is closed. Safe while a transaction holds the connection: it reads no rows.
   *
   * `data_version` is read once per turn of the event loop (decision 043): the PRAGMA opens a
   * read transaction, whose file locks cost about 14 µs. Another process's commit is so seen
   * from the next turn on, at most one turn late (a visitor on PostgreSQL may see another
   * instance's change a notification's way late: decision 030). This process's own writes and
   * lost groups are counted at once, as before.
   */
  changes(): SqliteChanges | null {
    if (!this.#handle.raw.isOpen) return null;
    if (this.#turnDataVersion === null) {
      this.#dataVersion ??= this.#handle.raw.prepare('PRAGMA data_version');
      const row = this.#dataVersion.get() as { data_version?: number } | undefined;
      this.#turnDataVersion = Number(row?.data_version);
      setImmediate(this.#forgetTurnDataVersion);
    }
    return { dataVersion: this.#turnDataVersion, local: this.#writes + this.stats.rollbacks };
  }

  /** One connection object per turn at the lock, so an early release is that turn's alone. */
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    return new GroupConnection(this.#handle, {
      wrote: () => {
        this.#writes += 1;
      },
      beforeRead: () => this.#beginRead(),
      beforeAutocommitWrite: () => this.#beforeAutocommitWrite(),
      afterAutocommitWrite: () => this.#afterAutocommitWrite(),
    });
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if ((connection as GroupConnection).releasedEarly) return;
    this.#lock.release();
  }

  #exec(sql: string): void {
    this.#handle.raw.exec(sql);
  }

  async beginTransaction(): Promise<void> {
    this.#endRead();
    if (!this.#handle.raw.isTransaction) {
      // The group's physical transaction is gone (SQLite rolls back on some I/O errors): its
      // members' work is lost, so they must hear it, not a false "saved".
      if (this.#group.length) this.#settle(this.#takeGroup(), new Error(ROLLED_BACK));
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
          if (this.#handle.raw.isOpen) void this.#commitGroup();
        } finally {
          this.#lock.release();
        }
      });
    });
  }

  /**
   * COMMITs the open physical transaction (the lock is held) and answers its members once the
   * log is on disk; returns when they are answered.
   */
  #commitGroup(): Promise<void> {
    // The turn's reads are not a group: ended here, they leave no transaction to COMMIT.
    this.#endRead();
    const group = this.#takeGroup();
    if (!this.#handle.raw.isTransaction) {
      if (group.length) this.#settle(group, new Error(ROLLED_BACK));
      return Promise.resolve();
    }
    try {
      this.#exec('COMMIT');
      this.stats.commits += 1;
    } catch (error) {
      if (this.#handle.raw.isTransaction) this.#exec('ROLLBACK');
      this.#settle(group, error);
      return Promise.resolve();
    }
    // Committed, but only in the log's file as the OS holds it: answered once fsynced. A failed
    // fsync leaves the writes in place but unacknowledged: their writers hear an error.
    return this.#durable().then(
      () => this.#settle(group, null),
      (error: unknown) => this.#settle(group, error, false),
    );
  }

  #takeGroup(): Waiter[] {
    const group = this.#group;
    this.#group = [];
    return group;
  }

  #settle(group: Waiter[], error: unknown, rolledBack = true): void {
    if (error && rolledBack) this.stats.rollbacks += 1;
    for (const waiter of group) {
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
  }

  /** A write (or pragma) outside any transaction: commit the open group first, then run alone. */
  #beforeAutocommitWrite(): void {
    if (!this.#inTransaction && this.#handle.raw.isTransaction) void this.#commitGroup();
  }

  /** …and it too is answered only once on disk. */
  #afterAutocommitWrite(): Promise<void> {
    return this.#inTransaction ? Promise.resolve() : this.#durable();
  }

  async destroy(): Promise<void> {
    if (!this.#handle.raw.isOpen) return;
    this.#endRead();
    const last = this.#handle.raw.isTransaction ? this.#commitGroup() : this.#durable();
    // A last fsync that fails has told its writers already; closing goes ahead.
    await last.catch(() => {});
    await this.#checkpointer?.stop();
    await this.#walSync?.close();
    this.#handle.database.close();
  }
}

const ROLLED_BACK = 'The database rolled back a transaction';

type AutocommitHooks = {
  /** Called before any statement but a plain SELECT runs, in a transaction or not. */
  wrote: () => void;
  /** Called before a plain SELECT runs. */
  beforeRead: () => void;
  beforeAutocommitWrite: () => void;
  afterAutocommitWrite: () => Promise<void>;
};

class GroupConnection implements DatabaseConnection {
  /** Set when this turn's transaction gave the lock back before being acknowledged. */
  releasedEarly = false;
  readonly #handle: SqliteHandle;
  readonly #hooks: AutocommitHooks;
  constructor(handle: SqliteHandle, hooks: AutocommitHooks) {
    this.#handle = handle;
    this.#hooks = hooks;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#handle.database.prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters;
    // Only a plain SELECT may run inside the open group; anything else (a write, a PRAGMA such
    // as erasure's checkpoint) first commits the group and then runs on its own.
    if (statement.reader && PLAIN_SELECT.test(compiledQuery.sql)) {
      this.#hooks.beforeRead();
      return { rows: statement.all(parameters) as R[] };
    }
    this.#hooks.wrote();
    this.#hooks.beforeAutocommitWrite();
    if (statement.reader) {
      const rows = statement.all(parameters) as R[];
      await this.#hooks.afterAutocommitWrite();
      return { rows };
    }
    const { changes, lastInsertRowid } = statement.run(parameters);
    await this.#hooks.afterAutocommitWrite();
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
  constructor(handle: SqliteHandle, options: GroupCommitOptions = {}) {
    this.#driver = new GroupCommitDriver(handle, options);
  }
  get stats(): GroupCommitStats {
    return this.#driver.stats;
  }
  /** GroupCommitDriver.changes. */
  changes(): SqliteChanges | null {
    return this.#driver.changes();
  }
  /** GroupCommitDriver.readNow. */
  readNow(sql: string, parameters: readonly unknown[]): unknown[] | null {
    return this.#driver.readNow(sql, parameters);
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
