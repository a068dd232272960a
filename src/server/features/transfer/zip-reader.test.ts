import { describe, expect, it } from 'vitest';
import { unsafeZipPath } from './zip-reader.ts';

describe('unsafeZipPath', () => {
  it.each([
    '../outside.md',
    'journal/../../outside.md',
    'journal/..',
    '..\\windows\\outside.md',
    '/etc/passwd',
    '\\\\server\\share.md',
    'C:/Users/x.md',
    'c:outside.md',
    'name\u0000.md',
  ])('refuses %j, which would leave the folder it is unpacked into', (name) => {
    expect(unsafeZipPath(name)).toBe(true);
  });

  it.each(['entry.md', 'journal/2024/entry.md', 'a..b.md', '...md', 'journal/.hidden/entry.md'])(
    'accepts %j',
    (name) => {
      expect(unsafeZipPath(name)).toBe(false);
    },
  );
});
