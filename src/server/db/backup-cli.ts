import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, backup, restore } from './backup.ts';

// npm run backup -- <dest-dir>            (while Müse serves)
// npm run restore -- <backup-dir> [--force]
const [command, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const dir = rest.find((arg) => arg !== '--force');
const say = (line: string) => console.log(line);
// A backup holds the server's secrets and everyone's words: only its owner may read it.
process.umask(0o077);

try {
  const config = loadConfig();
  if (!dir)
    throw new BackupError(
      `usage: npm run ${command} -- <directory>${command === 'restore' ? ' [--force]' : ''}`,
    );
  if (command === 'backup') {
    const manifest = backup(config, dir, say);
    say(`backup written to ${dir} at ${manifest.createdAt}`);
  } else if (command === 'restore') {
    restore(config, dir, force, say);
    say('restored: start Müse again');
  } else {
    throw new BackupError(`unknown command '${command}'`);
  }
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(`Müse ${command ?? ''}: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
