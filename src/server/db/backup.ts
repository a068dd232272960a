import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Config } from '../config.ts';
import { photoDir, pictureDir } from '../features/pictures/picture-storage.ts';
import { DataInUseError, withDataDirectoryAlone } from './data-lock.ts';
import { keepPrivate } from './private-files.ts';

// Online backups of a SQLite Müse and their restore (PostgreSQL: pg_dump / pg_restore, see
// docs/DEPLOY.md). The database copy is one read transaction (`VACUUM INTO`), so it is
// consistent while Müse keeps writing; pictures are immutable files with unique names and are
// copied after it, so every picture the copied database names is there. The server's secrets
// travel too: the signing secret is in the database, the Web Push keys in vapid-keys.json
// (without them every reminder subscription would stop working after a restore).

export const BACKUP_DATABASE = 'muse.db';
export const MANIFEST = 'manifest.json';
/** Files of DATA_DIR besides the database and pictures that a restore needs. */
const KEPT_FILES = ['vapid-keys.json'];

export type Manifest = {
  format: 1;
  createdAt: string;
  database: typeof BACKUP_DATABASE;
  pictures: number;
  /** Entry photos copied (decision 062); absent in backups made before them. */
  photos?: number;
};

export class BackupError extends Error {}

function integrity(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

function sqliteFile(config: Config): string {
  if (config.database.kind !== 'sqlite') {
    throw new BackupError(
      'DATABASE_URL points at PostgreSQL: back it up with pg_dump and restore it with pg_restore (docs/DEPLOY.md)',
    );
  }
  return config.database.file;
}

function copyPictures(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  fs.mkdirSync(to, { recursive: true });
  let count = 0;
  for (const name of fs.readdirSync(from)) {
    const source = path.join(from, name);
    if (!fs.statSync(source).isFile()) continue;
    fs.copyFileSync(source, path.join(to, name));
    count += 1;
  }
  return count;
}

/** Writes a consistent copy of the database and the pictures into `dest` (new or empty). */
export function backup(config: Config, dest: string, say: (line: string) => void): Manifest {
  const file = sqliteFile(config);
  if (!fs.existsSync(file)) throw new BackupError(`no database at ${file}`);
  if (fs.existsSync(dest) && fs.readdirSync(dest).length > 0) {
    throw new BackupError(`${dest} is not empty: give a new or empty directory`);
  }
  fs.mkdirSync(dest, { recursive: true });
  const target = path.join(dest, BACKUP_DATABASE);
  const source = new DatabaseSync(file);
  try {
    source.exec('PRAGMA busy_timeout = 10000');
    source.prepare('VACUUM INTO ?').run(target);
  } finally {
    source.close();
  }
  const check = integrity(target);
  if (check !== 'ok') throw new BackupError(`the copy failed its integrity check: ${check}`);
  say(`database ${file} → ${target} (integrity ok)`);
  const pictures = config.s3
    ? 0
    : copyPictures(pictureDir(config.dataDir), path.join(dest, 'pictures'));
  say(config.s3 ? 'pictures are in the S3 bucket: not copied' : `${pictures} pictures copied`);
  // Entry photos, private like the database: named by random keys, never changed once written.
  const photos = config.s3 ? 0 : copyPictures(photoDir(config.dataDir), path.join(dest, 'photos'));
  say(config.s3 ? 'photos are in the S3 bucket: not copied' : `${photos} photos copied`);
  for (const name of KEPT_FILES) {
    const source = path.join(config.dataDir, name);
    if (!fs.existsSync(source)) continue;
    fs.copyFileSync(source, path.join(dest, name));
    say(`${name} copied`);
  }
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: BACKUP_DATABASE,
    pictures,
    photos,
  };
  fs.writeFileSync(path.join(dest, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  // Only its owner may read a backup, even in a directory made beforehand for it.
  keepPrivate(dest);
  return manifest;
}

/**
 * Puts a backup in place of DATA_DIR's database, pictures and keys. Refuses while any Müse uses
 * that directory (data-lock.ts: no flag gets past it), and when data is there already unless
 * `force`; what it replaces is kept aside as `*.before-restore-<time>` rather than deleted.
 */
export function restore(
  config: Config,
  from: string,
  force: boolean,
  say: (line: string) => void,
): void {
  sqliteFile(config);
  const manifestFile = path.join(from, MANIFEST);
  const copy = path.join(from, BACKUP_DATABASE);
  if (!fs.existsSync(manifestFile) || !fs.existsSync(copy)) {
    throw new BackupError(`${from} is not a Müse backup (no ${MANIFEST} and ${BACKUP_DATABASE})`);
  }
  try {
    withDataDirectoryAlone(config.dataDir, () => replaceData(config, from, force, say));
  } catch (error) {
    if (error instanceof DataInUseError) throw new BackupError(error.message);
    throw error;
  }
}

function replaceData(
  config: Config,
  from: string,
  force: boolean,
  say: (line: string) => void,
): void {
  const file = sqliteFile(config);
  const copy = path.join(from, BACKUP_DATABASE);
  if (fs.existsSync(file) && !force) {
    throw new BackupError(
      `${file} exists: pass --force to replace it (it is kept aside, not deleted)`,
    );
  }
  const check = integrity(copy);
  if (check !== 'ok') throw new BackupError(`the backup failed its integrity check: ${check}`);

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) {
    if (fs.existsSync(file + suffix)) {
      fs.renameSync(file + suffix, `${file}${suffix}.before-restore-${stamp}`);
      say(
        `kept the old ${path.basename(file + suffix)} as ${path.basename(file)}${suffix}.before-restore-${stamp}`,
      );
    }
  }
  const partial = `${file}.restoring`;
  fs.copyFileSync(copy, partial);
  fs.renameSync(partial, file);
  say(`database ${copy} → ${file}`);

  const backupPictures = path.join(from, 'pictures');
  if (fs.existsSync(backupPictures)) {
    const live = pictureDir(config.dataDir);
    if (fs.existsSync(live)) {
      fs.renameSync(live, `${live}.before-restore-${stamp}`);
      say(`kept the old pictures as pictures.before-restore-${stamp}`);
    }
    say(`${copyPictures(backupPictures, live)} pictures restored`);
  }
  const backupPhotos = path.join(from, 'photos');
  if (fs.existsSync(backupPhotos)) {
    const live = photoDir(config.dataDir);
    if (fs.existsSync(live)) {
      fs.renameSync(live, `${live}.before-restore-${stamp}`);
      say(`kept the old photos as photos.before-restore-${stamp}`);
    }
    say(`${copyPictures(backupPhotos, live)} photos restored`);
  }
  for (const name of KEPT_FILES) {
    const saved = path.join(from, name);
    if (!fs.existsSync(saved)) continue;
    const live = path.join(config.dataDir, name);
    if (fs.existsSync(live)) fs.renameSync(live, `${live}.before-restore-${stamp}`);
    fs.copyFileSync(saved, live);
    say(`${name} restored`);
  }
  // What was restored, and what was kept aside, is the server user's alone.
  keepPrivate(config.dataDir);
}
