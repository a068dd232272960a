import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as limits from '../shared/domain/limits.ts';

// Issue 16 "one source for each fact": each limit is defined once, in src/shared/domain/
// limits.ts, and nowhere else is the same name given its own value (the client used to repeat
// some, decision 008). The test lives here because src/shared may not use node:fs.

const root = path.resolve(import.meta.dirname, '..');
const limitsFile = path.join(root, 'shared', 'domain', 'limits.ts');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('limits', () => {
  it('are defined in limits.ts only', () => {
    const names = Object.keys(limits);
    expect(names).toEqual(expect.arrayContaining(['MAX_ANSWER_TEXT', 'WORLD_PAGE_SIZE']));
    const elsewhere = sourceFiles(root)
      .filter((file) => file !== limitsFile)
      .flatMap((file) => {
        const text = fs.readFileSync(file, 'utf8');
        return names
          .filter((name) => new RegExp(`\\b(const|let|var)\\s+${name}\\b`).test(text))
          .map((name) => `${path.relative(root, file)}: ${name}`);
      });
    expect(elsewhere).toEqual([]);
  });

  it('imports nothing, so the client bundles no schema library with them', () => {
    const text = fs.readFileSync(limitsFile, 'utf8');
    expect(text).not.toMatch(/^\s*import\b/m);
  });
});
