import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The layers as drawn in docs/ARCHITECTURE.md, checked on the import graph itself (paths
// resolved, so no spelling of an import slips past). Biome's noRestrictedImports (biome.json)
// says the same while you type, but it matches import strings; this test reads where they lead.

const ROOT = path.resolve(import.meta.dirname, '../..');
const ALIASES: Record<string, string> = {
  '#shared/': 'src/shared/',
  '#server/': 'src/server/',
  '#client/': 'src/client/',
  '#tests/': 'tests/',
};

type Edge = { from: string; to: string; typeOnly: boolean; names: string[] };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => spec.startsWith(prefix));
  if (alias) return ALIASES[alias] + spec.slice(alias.length);
  if (spec.startsWith('.'))
    return path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  return null;
}

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'"]*?)\s*from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every import between our own files: who, what, whether only types, which names. */
function importGraph(files: readonly string[]): Edge[] {
  return files.flatMap((from) => {
    const text = fs.readFileSync(path.join(ROOT, from), 'utf8');
    const edges: Edge[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[4] ?? match[5] ?? '';
      const to = resolve(from, spec);
      if (!to) continue;
      const clause = match[3] ?? '';
      const names = [
        ...clause.matchAll(/(?:^|[{,\s])(type\s+)?([A-Za-z_$][\w$]*)(?=\s*(?:,|}|$|as\b))/g),
      ]
        .filter((name) => !name[1])
        .map((name) => name[2] ?? '');
      const namespace = /\*\s+as\s+\w+/.test(clause);
      edges.push({
        from,
        to,
        typeOnly: Boolean(match[2]) || (!namespace && match[5] === undefined && names.length === 0),
        names: namespace ? ['*'] : names,
      });
    }
    return edges;
  });
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const production = [
  ...sourceFiles('src/server'),
  ...sourceFiles('src/shared'),
  ...sourceFiles('src/client'),
].filter((file) => !isTest(file));
const edges = importGraph(production);
const dir = (file: string) => path.posix.dirname(file);

describe('import layers (server)', () => {
  it('reads the graph (a test that saw no imports would prove nothing)', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some((e) => e.to.endsWith('.repo.ts'))).toBe(true);
  });

  it('routes never import a repository or the database', () => {
    const bad = edges.filter(
      (e) =>
        e.from.endsWith('.routes.ts') &&
        (e.to.endsWith('.repo.ts') || e.to === 'src/server/db/database.ts') &&
        !e.typeOnly,
    );
    expect(bad.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it('a repository is imported only from its own folder, and not by its routes', () => {
    const bad = edges.filter(
      (e) =>
        e.to.endsWith('.repo.ts') &&
        (dir(e.from) !== dir(e.to) || e.from.endsWith('.routes.ts')) &&
        !e.typeOnly,
    );
    expect(bad.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it('a presenter takes row types from its repository, never its functions', () => {
    const bad = edges.filter(
      (e) =>
        e.from.endsWith('.present.ts') &&
        e.to.endsWith('.repo.ts') &&
        e.names.some((name) => name === '*' || /^[a-z]/.test(name)),
    );
    expect(bad.map((e) => `${e.from} -> ${e.to} (${e.names.join(', ')})`)).toEqual([]);
  });

  it('features reach each other only through services (and the auth policies)', () => {
    const feature = (file: string) => /^src\/server\/features\/([^/]+)\//.exec(file)?.[1];
    const bad = edges.filter(
      (e) =>
        feature(e.from) !== undefined &&
        feature(e.to) !== undefined &&
        feature(e.from) !== feature(e.to) &&
        !e.to.endsWith('.service.ts') &&
        e.to !== 'src/server/features/auth/policies.ts' &&
        !e.typeOnly,
    );
    expect(bad.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it('presenters are called from services only', () => {
    const bad = edges.filter(
      (e) => e.to.endsWith('.present.ts') && !e.from.endsWith('.service.ts') && !e.typeOnly,
    );
    expect(bad.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });
});

describe('import graph', () => {
  it('has no cycle, type imports included', () => {
    const next = new Map<string, string[]>();
    for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const to of next.get(file) ?? []) visit(to, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of production) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
