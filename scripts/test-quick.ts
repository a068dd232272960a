// `npm run test:quick`: the loop to run before every commit, in a minute or two: typecheck,
// lint, every unit and component test, and the integration tests beside what changed — the
// *.routes.test.ts and *.db.test.ts files in the same folder as a file changed since this branch
// left main (or not committed yet), and any such test file that changed itself. Not the fault
// tests, the browser specs or the PostgreSQL half: `npm test` (and CI) runs everything.
// `npm run test:quick -- <ref>` compares with <ref> instead of main.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const started = Date.now();
const failures: string[] = [];

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: 'pipe' }).trim();
}

function step(label: string, command: string, args: string[]): void {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) failures.push(label);
}

/** The commit this work started from: where HEAD left `base`, or HEAD itself on `base`. */
function startingPoint(base: string): string | null {
  for (const ref of [base, `origin/${base}`]) {
    try {
      return git(['merge-base', 'HEAD', ref]);
    } catch {
      // no such ref here: try the next
    }
  }
  return null;
}

/** Files changed since `since` (committed), staged, modified or new (not ignored). */
function changedFiles(since: string | null): string[] {
  const lists = [
    since ? git(['diff', '--name-only', `${since}...HEAD`]) : '',
    git(['diff', '--name-only', '--cached']),
    git(['ls-files', '--others', '--modified', '--exclude-standard']),
  ];
  const files = new Set(lists.flatMap((list) => list.split('\n')).filter(Boolean));
  return [...files].sort();
}

const INTEGRATION = /\.(routes|db)\.test\.ts$/;

/** Every integration test file under src/, relative to the root. */
function integrationTests(dir = 'src'): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return integrationTests(file);
    return INTEGRATION.test(entry.name) ? [file] : [];
  });
}

const base = process.argv[2] ?? 'main';
const since = startingPoint(base);
const changed = changedFiles(since);
const folders = new Set(
  changed.filter((file) => file.startsWith('src/')).map((file) => path.posix.dirname(file)),
);
const nearby = integrationTests().filter((file) => folders.has(path.posix.dirname(file)));

step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
step('lint', 'npx', ['biome', 'ci', '.']);
step('unit and component tests', 'npx', [
  'vitest',
  'run',
  '--project',
  'unit',
  '--project',
  'component',
]);

const where = since ? `since ${base} (${since.slice(0, 8)}) and not committed` : 'not committed';
console.log(`\n▶ integration tests beside what changed ${where}: ${changed.length} files`);
if (nearby.length === 0) {
  console.log('  none: no integration test sits beside a changed file');
} else {
  for (const file of nearby) console.log(`  ${file}`);
  step(`integration tests (${nearby.length} files)`, 'npx', [
    'vitest',
    'run',
    '--project',
    'integration',
    ...nearby,
  ]);
}
if (changed.some((file) => /^(package(-lock)?\.json|vitest\.config\.ts)$/.test(file))) {
  console.log(
    '\nThe dependencies or the test setup changed: `npm run test:integration` runs every ' +
      'integration test.',
  );
}

const seconds = Math.round((Date.now() - started) / 1000);
console.log('');
if (failures.length > 0) {
  console.log(`test:quick failed (${seconds} s): ${failures.join('; ')}`);
  process.exit(1);
}
console.log(`test:quick passed (${seconds} s). Before pushing: npm test.`);
