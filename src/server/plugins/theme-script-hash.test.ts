import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { THEME_SCRIPT_HASH } from './security-headers.ts';

const indexHtml = path.resolve(import.meta.dirname, '../../client/index.html');

it("allows index.html's inline theme script, and no other, by its SHA-256", () => {
  const html = fs.readFileSync(indexHtml, 'utf8');
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  expect(inline).toHaveLength(1);
  const digest = createHash('sha256')
    .update(inline[0] ?? '')
    .digest('base64');
  expect(THEME_SCRIPT_HASH).toBe(`'sha256-${digest}'`);
});
