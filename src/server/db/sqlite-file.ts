import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';

// The database file under a running instance: still the one it opened? A file deleted or
// replaced while SQLite holds it open goes on taking writes into the old inode, and SQLite (in
// WAL mode) does not say so: every save would be answered 200 and lost at the next start. The
// driver asks here before each COMMIT; when the file is gone it copies what the open connection
// still sees back into place, then refuses all work so the process restarts on that copy.

export type FileIdentity = { dev: number; ino: number };

export function identityOf(file: string): FileIdentity | null {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat ? { dev: stat.dev, ino: stat.ino } : null;
}

/** Why the file is no longer the one opened, or null while it is. */
export function fileMoved(file: string, opened: FileIdentity): string | null {
  const now = identityOf(file);
  if (!now) return `${file} was deleted while the server had it open`;
  if (now.dev !== opened.dev || now.ino !== opened.ino) {
    return `${file} was replaced by another file while the server had it open`;
  }
  return null;
}

export class DatabaseFileMovedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'DatabaseFileMovedError';
  }
}

/**
 * Copies everything `connection` still sees (committed data of the file it opened) to a new
 * file beside `file`, with `VACUUM INTO`: one consistent, self-contained copy. Returns its path.
 * The caller closes its connections and then calls `putBack`.
 */
export function copyOpenDatabase(connection: DatabaseSync, file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const copy = `${file}.rescued-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  connection.prepare('VACUUM INTO ?').run(copy);
  fs.chmodSync(copy, 0o600);
  return copy;
}

/**
 * Moves the rescued copy to `file` when no file is there. The log and shared-memory files left
 * at the path belonged to the deleted database (the copy holds what they held): they go first,
 * or a start would apply that log to the copy. When another file is at the path (replaced, not
 * deleted), the copy stays beside it for the operator. Returns where the copy now is.
 */
export function putBack(copy: string, file: string): string {
  if (fs.existsSync(file)) return copy;
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  fs.renameSync(copy, file);
  return file;
}
