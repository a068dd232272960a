// Rewrites imports in src/ that climb two folders or more ('../../x') to the subpath imports
// package.json declares (#shared/*, #server/*, #client/*, #tests/*). Biome refuses such imports
// (biome.json); this fixes them in bulk, e.g. after a merge brought some in:
//   node scripts/alias-imports.ts && npx biome check --write src
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const aliases = Object.entries(
  (
    JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      imports: Record<string, string>;
    }
  ).imports,
).map(([alias, target]) => ({
  alias: alias.replace(/\*$/, ''),
  dir: path.join(root, target.replace(/\*$/, '')),
}));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const SPECIFIER =
  /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|vi\.mock\(\s*)(['"])(\.\.\/\.\.\/[^'"]*)\2/g;

let changed = 0;
for (const file of sourceFiles(path.join(root, 'src'))) {
  const text = fs.readFileSync(file, 'utf8');
  const next = text.replace(SPECIFIER, (whole, lead: string, quote: string, spec: string) => {
    const target = path.resolve(path.dirname(file), spec);
    const match = aliases.find(({ dir }) => target.startsWith(dir));
    if (!match) return whole;
    const rest = path.relative(match.dir, target).split(path.sep).join('/');
    return `${lead}${quote}${match.alias}${rest}${quote}`;
  });
  if (next !== text) {
    fs.writeFileSync(file, next);
    changed += 1;
  }
}
console.log(`${changed} files rewritten`);
