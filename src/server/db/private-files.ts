import fs from 'node:fs';
import path from 'node:path';

// DATA_DIR and backups hold everyone's words, their pictures and the server's keys: only the
// server's own user may read them (issue 34 point 7). What this process creates is private by
// its umask (main.ts, backup-cli.ts); what an older version left readable to the group or to
// everyone (0644 files, 0755 directories), or a directory the operator made beforehand, is
// tightened here: the group's and others' bits are taken away, the owner's are kept.

/**
 * Takes the group's and others' permission bits off `target` and, for a directory, off
 * everything under it. Symbolic links are left alone, never followed; a missing target is
 * fine. Answers the paths it was not allowed to change (someone else's files).
 */
export function keepPrivate(target: string): string[] {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  if (stat.isSymbolicLink()) return [];
  const refused: string[] = [];
  if ((stat.mode & 0o077) !== 0) {
    try {
      fs.chmodSync(target, stat.mode & 0o700);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
      refused.push(target);
    }
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(target))
      refused.push(...keepPrivate(path.join(target, name)));
  }
  return refused;
}
