import { execFileSync } from 'node:child_process';
import path from 'node:path';

// Browser tests run against the built client; build it once if sources changed.
export default function setup(): void {
  const root = path.resolve(import.meta.dirname, '../..');
  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-build.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
}
