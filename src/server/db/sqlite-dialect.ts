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
import { DatabaseUnavailableError, recogniseDatabaseFault } from './database-errors.ts';
import { openSqlite, type SqliteHandle } from './node-sqlite.ts';
import {
  copyOpenDatabase,
  DatabaseFileMovedError,
  type FileIdentity,
  fileMoved,
  identityOf,
  putBack,
} from './sqlite-file.ts';

// SQLite in WAL mode with synchronous=FULL: COMMIT returns once the log is fsynced, so a write
// answered is on disk. That is SQLite's guarantee; this driver adds two small things.
// - Group commit (decision 018): transactions that arrive together run one after another as
//   SAVEPOINTs of one physical transaction and share its COMMIT, one fsync for the group. Each
//   is answered only after that COMMIT.
// - Reads outside a transaction go to a second, query-only connection. Under WAL it sees only
//   committed data, so nobody is shown a group before its COMMIT, and nothing shown is taken
//   back when a COMMIT fails.
// An I/O error is fatal for writing (SQLITE_IOERR, SQLITE_CORRUPT, a file moved away): Linux
// reports a failed writeback once and may drop the pages ("fsyncgate"), so retrying the fsync
// could acknowledge words that are gone. The driver refuses everything from then on and tells
// its `onFatal` listeners, which restart the process on what is really on disk. A full disk is
// not fatal: the group rolls back, its writers hear it, and later writes may succeed.
// The file deleted or replaced under the instance is fatal too, and SQLite does not see it in
// WAL mode: before each COMMIT the driver checks the path still names the file it opened
// (sqlite-file.ts); if not, it copies what its connection still holds back into place first.

/** SQLite's primary result codes that matter here (the low byte of an extended code). */
const SQLITE_BUSY = 5;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_CORRUPT = 11;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;
const SQLITE_NOTADB = 26;
/** SQLITE_READONLY_DBMOVED: the database file was renamed or deleted under us. */
const SQLITE_READONLY_DBMOVED = SQLITE_READONLY | (4 << 8);

function sqliteCode(error: unknown): number | null {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' ? code : null;
}

/** Whether an error of SQLite means the file can no longer be trusted to hold what we wrote. */
export function isFatalSqliteError(error: unknown): boolean {
  const code = sqliteCode(error);
  if (code === null) return false;
  const primary = code & 0xff;
  return (
    primary === SQLITE_IOERR ||
    primary === SQLITE_CORRUPT ||
    primary === SQLITE_NOTADB ||
    primary === SQLITE_CANTOPEN ||
    code === SQLITE_READONLY_DBMOVED
  );
}

recogniseDatabaseFault((error) => {
  if (error instanceof DatabaseFileMovedError) return 'failed';
  const code = sqliteCode(error);
  if (code === null) return null;
  if ((code & 0xff) === SQLITE_FULL) return 'disk-full';
  if ((code & 0xff) === SQLITE_BUSY) return 'timeout';
  return isFatalSqliteError(error) ? 'failed' : null;
});

/** Only a plain SELECT may be sent to the query-only connection (which would refuse a write). */
const PLAIN_SELECT = /^\s*select\b/i;
function isRead(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  return kind === 'SelectQueryNode' || (kind === 'RawNode' && PLAIN_SELECT.test(query.sql));
}

const GROUP_LOST = 'SQLite rolled back the transaction this write was part of';

/** A FIFO lock: the writing connection serves one transaction (or statement) at a time. */
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

type Member = { resolve: () => void; reject: (error: unknown) => void };

function resultOf<R>(handle: SqliteHandle, query: CompiledQuery): QueryResult<R> {
  const statement = handle.prepare(query.sql);
  if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

export class SqliteDriver implements Driver {
  readonly #file: string;
  /** The file opened, to notice it deleted or replaced; null in memory. */
  readonly #opened: FileIdentity | null;
  readonly #writer: SqliteHandle;
  /** Null in memory (a second connection would be another database): reads take the lock. */
  readonly #reader: SqliteHandle | null;
  readonly #lock = new FifoLock();
  /** Transactions released into the open physical transaction, waiting for its COMMIT. */
  #group: Member[] = [];
  #flushScheduled = false;
  #failure: Error | null = null;
  /** The last error a statement met: why SQLite may have rolled a whole group back. */
  #lastError: unknown = null;
  #closed = false;
  readonly #fatalListeners = new Set<(error: Error) => void>();
  /** Physical COMMITs, for tests of the grouping. */
  commits = 0;

  constructor(file: string) {
    this.#file = file;
    this.#writer = openSqlite(file);
    this.#reader = file === ':memory:' ? null : openSqlite(file, { queryOnly: true });
    this.#opened = this.#reader ? identityOf(file) : null;
  }

  /** The error that made this database refuse all work, or null while it is sound. */
  get failure(): Error | null {
    return this.#failure;
  }

  onFatal(listener: (error: Error) => void): void {
    this.#fatalListeners.add(listener);
  }

  #check(): void {
    if (this.#failure) throw new DatabaseUnavailableError('failed', { cause: this.#failure });
    if (this.#closed) throw new Error('The database is closed');
  }

  #fail(error: unknown): void {
    if (this.#failure) return;
    this.#failure = error instanceof Error ? error : new Error(String(error));
    this.#settle(this.#takeGroup(), this.#failure);
    for (const listener of this.#fatalListeners) listener(this.#failure);
  }

  /** Runs `work` on a connection; an I/O error there makes the whole database refuse work. */
  #guard<T>(work: () => T): T {
    this.#check();
    try {
      return work();
    } catch (error) {
      this.#lastError = error;
      if (isFatalSqliteError(error)) this.#fail(error);
      throw error;
    }
  }

  #exec(sql: string): void {
    this.#guard(() => this.#writer.raw.exec(sql));
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SqliteConnection(this);
  }

  async releaseConnection(): Promise<void> {}

  /** A statement outside any transaction. */
  async runAlone<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    this.#check();
    if (this.#reader && isRead(query)) {
      const reader = this.#reader;
      return this.#guard(() => resultOf<R>(reader, query));
    }
    await this.#lock.acquire();
    try {
      // A write (or a PRAGMA, such as erasure's checkpoint) commits the open group first, then
      // runs on its own: synchronous=FULL makes it durable before it returns.
      this.#commitGroup();
      this.#stopIfMoved();
      this.#check();
      return this.#guard(() => resultOf<R>(this.#writer, query));
    } finally {
      this.#lock.release();
    }
  }

  /** A statement inside the caller's transaction (the lock is held). */
  runInTransaction<R>(query: CompiledQuery): QueryResult<R> {
    return this.#guard(() => resultOf<R>(this.#writer, query));
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    this.#check();
    await this.#lock.acquire();
    (connection as SqliteConnection).began();
    try {
      this.#forgetLostGroup();
      if (!this.#writer.raw.isTransaction) this.#exec('BEGIN IMMEDIATE');
      this.#exec('SAVEPOINT muse_member');
    } catch (error) {
      this.#lock.release();
      throw error;
    }
  }

  /** Releases the savepoint, lets the next transaction in, and waits for the group's COMMIT. */
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const member = connection as SqliteConnection;
    // On failure the lock is still this member's: Kysely's rollbackTransaction gives it back.
    this.#forgetLostGroup();
    if (!this.#writer.raw.isTransaction) throw new Error(GROUP_LOST, { cause: this.#lastError });
    this.#exec('RELEASE muse_member');
    member.answered = true;
    const committed = new Promise<void>((resolve, reject) => {
      this.#group.push({ resolve, reject });
    });
    if (this.#reader) {
      this.#scheduleFlush();
    } else {
      // In memory nothing is fsynced and reads share this connection: commit at once.
      this.#commitGroup();
    }
    this.#lock.release();
    await committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const member = connection as SqliteConnection;
    // Already given back: its COMMIT failed and it has heard so.
    if (member.answered) return;
    try {
      if (!this.#failure && this.#writer.raw.isTransaction) {
        this.#exec('ROLLBACK TO muse_member');
        this.#exec('RELEASE muse_member');
      }
    } finally {
      this.#lock.release();
    }
  }

  #scheduleFlush(): void {
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    // Behind everyone already queued for the lock: they join this group.
    setImmediate(() => {
      void this.#lock.acquire().then(() => {
        this.#flushScheduled = false;
        try {
          this.#commitGroup();
        } finally {
          this.#lock.release();
        }
      });
    });
  }

  /**
   * Whether the path no longer names the file opened (the lock is held). If so: the open
   * transaction is rolled back (its members are refused, nothing of it acknowledged), what the
   * connection still sees is copied back to the path (or beside it, when something is there),
   * the connections are closed and the database fails for good, so the process restarts on the
   * copy. Nothing answered before was lost: every earlier COMMIT passed this check.
   */
  #stopIfMoved(): boolean {
    if (!this.#opened || this.#failure || this.#closed) return false;
    const reason = fileMoved(this.#file, this.#opened);
    if (!reason) return false;
    const raw = this.#writer.raw;
    let where: string;
    try {
      if (raw.isTransaction) raw.exec('ROLLBACK');
      const copy = copyOpenDatabase(raw, this.#file);
      this.#reader?.close();
      this.#writer.close();
      where = `what it held is now in ${putBack(copy, this.#file)}`;
    } catch (error) {
      where = `copying what it held failed: ${error instanceof Error ? error.message : error}`;
    }
    this.#closed = true;
    this.#fail(new DatabaseFileMovedError(`${reason}; ${where}`));
    return true;
  }

  /** For /readyz: notices a moved file even when nobody writes (see #stopIfMoved). */
  async checkFileInPlace(): Promise<void> {
    if (!this.#opened || this.#failure) return;
    await this.#lock.acquire();
    try {
      this.#stopIfMoved();
    } finally {
      this.#lock.release();
    }
  }

  /** COMMITs the open physical transaction, if any, and answers its members (the lock is held). */
  #commitGroup(): void {
    this.#forgetLostGroup();
    if (this.#failure || this.#closed || !this.#writer.raw.isTransaction) return;
    if (this.#stopIfMoved()) return;
    const group = this.#takeGroup();
    try {
      this.#exec('COMMIT');
      this.commits += 1;
    } catch (error) {
      if (!this.#failure && this.#writer.raw.isTransaction) {
        try {
          this.#exec('ROLLBACK');
        } catch {
          // #exec has already judged the error; the group is lost either way
        }
      }
      this.#settle(group, error);
      return;
    }
    this.#settle(group, null);
  }

  /** SQLite rolls a whole transaction back on some errors: its members must hear it. */
  #forgetLostGroup(): void {
    if (this.#group.length > 0 && !this.#writer.raw.isTransaction) {
      this.#settle(this.#takeGroup(), new Error(GROUP_LOST, { cause: this.#lastError }));
    }
  }

  #takeGroup(): Member[] {
    const group = this.#group;
    this.#group = [];
    return group;
  }

  #settle(group: Member[], error: unknown): void {
    for (const member of group) {
      if (error) member.reject(error);
      else member.resolve();
    }
  }

  async destroy(): Promise<void> {
    if (this.#closed) return;
    await this.#lock.acquire();
    try {
      this.#commitGroup();
    } catch {
      // its members have heard; closing goes ahead
    } finally {
      this.#closed = true;
      this.#settle(this.#takeGroup(), new Error('The database is closed'));
      this.#reader?.close();
      this.#writer.close();
      this.#lock.release();
    }
  }
}

class SqliteConnection implements DatabaseConnection {
  readonly #driver: SqliteDriver;
  #inTransaction = false;
  /** Set once its transaction's COMMIT was asked for: the lock is no longer its own. */
  answered = false;
  constructor(driver: SqliteDriver) {
    this.#driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#inTransaction) return this.#driver.runInTransaction<R>(query);
    return this.#driver.runAlone<R>(query);
  }

  /** Kysely calls these through the driver; the connection only remembers where it is. */
  began(): void {
    this.#inTransaction = true;
  }

  // biome-ignore lint/correctness/useYield: streaming is not used; Kysely requires the method
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported');
  }
}

/** Kysely's own mutex is off: the driver serialises the writer itself (and reads need none). */
class SqliteAdapterWithOwnLock extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

export class SqliteDialect implements Dialect {
  readonly driver: SqliteDriver;
  constructor(file: string) {
    this.driver = new SqliteDriver(file);
  }
  createDriver(): Driver {
    return this.driver;
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapterWithOwnLock();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
