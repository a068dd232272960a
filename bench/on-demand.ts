// Tools that one benchmark alone needs are not dev dependencies (`npm install` stays light,
// issue 36): the benchmark installs its tool, at a pinned version, on first use into
// node_modules/.cache/muse-bench/, and reuses it after that. Removing node_modules removes it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

/** Where `name@version` is (or will be) installed. */
export function onDemandDir(name: string, version: string): string {
  return path.join(root, 'node_modules/.cache/muse-bench', `${name.replace('/', '+')}@${version}`);
}

/**
 * Imports `name` at exactly `version`, installing it first (through npm, from the registry
 * `npm install` uses) when it is not there yet. `why` says which script needs it.
 */
export async function importOnDemand<T>(name: string, version: string, why: string): Promise<T> {
  const dir = onDemandDir(name, version);
  const manifest = path.join(dir, 'node_modules', name, 'package.json');
  const installed = () =>
    fs.existsSync(manifest) &&
    (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version === version;
  if (!installed()) {
    console.log(
      `${why} needs ${name}@${version}, which \`npm install\` leaves out: installing it once ` +
        `into ${path.relative(root, dir)} (a minute or two; it is reused after that)…`,
    );
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'package.json'),
      `${JSON.stringify({ private: true, dependencies: { [name]: version } }, null, 2)}\n`,
    );
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: 'inherit',
    });
    if (!installed()) throw new Error(`${name}@${version} did not install into ${dir}`);
  }
  const entry = createRequire(path.join(dir, 'package.json')).resolve(name);
  return (await import(pathToFileURL(entry).href)) as T;
}
