// `npm run typecheck`: tsc on each of the project's tsconfigs in turn, one line as each starts
// and one as it ends, so a long check is never silent; all of them run even when one fails.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/.bin/tsc');

const CONFIGS: [file: string, what: string][] = [
  ['tsconfig.server.json', 'server, shared, scripts, bench, tests/support, tests/faults'],
  ['tsconfig.client.json', 'client'],
  ['tsconfig.e2e.json', 'browser specs'],
  ['tsconfig.worker.json', 'service worker'],
];

const failed: string[] = [];
for (const [file, what] of CONFIGS) {
  console.log(`typecheck: ${file} (${what})…`);
  const start = Date.now();
  const result = spawnSync(tsc, ['-p', file], { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - start) / 1000).toFixed(1);
  if (result.status === 0) {
    console.log(`typecheck: ${file} ✓ ${seconds} s`);
  } else {
    console.log(`typecheck: ${file} ✗ ${seconds} s`);
    failed.push(file);
  }
}
if (failed.length > 0) {
  console.log(`typecheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
