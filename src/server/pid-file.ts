import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

/**
 * `DATA_DIR/muse.pid` while an instance serves the SQLite database there, so `npm run restore`
 * can refuse to overwrite a running instance's data.
 */
export function pidFile(dataDir: string): string {
  return path.join(dataDir, 'muse.pid');
}

export function writePidFile(config: Config): void {
  if (config.database.kind !== 'sqlite') return;
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(pidFile(config.dataDir), `${process.pid}\n`);
}

export function removePidFile(config: Config): void {
  if (config.database.kind !== 'sqlite') return;
  try {
    if (fs.readFileSync(pidFile(config.dataDir), 'utf8').trim() === String(process.pid)) {
      fs.rmSync(pidFile(config.dataDir), { force: true });
    }
  } catch {
    // already gone
  }
}

/** The pid of a live Müse serving `dataDir`, or null. */
export function runningInstance(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile(dataDir), 'utf8'), 10);
  } catch {
    return null;
  }
  if (!pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
