import { describe, expect, it } from 'vitest';
import { storedZip, uploadableFile } from './markdown-zip.ts';

// Issue 35 point 4: several Markdown files chosen at once reach the server as one zip. That the
// server's own reader opens it is proved in tests/browser/transfer.spec.ts (real upload).

const text = (s: string) => new TextEncoder().encode(s);
const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer).getUint32(at, true);
const u16 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer).getUint16(at, true);

/** Names and contents from the local headers, as any zip reader walks them. */
function walk(zip: Uint8Array): [string, string, number][] {
  const out: [string, string, number][] = [];
  let at = 0;
  while (u32(zip, at) === 0x04034b50) {
    const size = u32(zip, at + 18);
    const nameLength = u16(zip, at + 26);
    const name = new TextDecoder().decode(zip.subarray(at + 30, at + 30 + nameLength));
    const start = at + 30 + nameLength;
    out.push([
      name,
      new TextDecoder().decode(zip.subarray(start, start + size)),
      u32(zip, at + 14),
    ]);
    at = start + size;
  }
  return out;
}

describe('Markdown files chosen together', () => {
  it('are stored in one zip with their CRC-32, a repeated name kept apart', () => {
    const zip = storedZip([
      { name: 'fox.md', bytes: text('The quick brown fox jumps over the lazy dog') },
      { name: 'notes/trip.md', bytes: text('Train — café ☕') },
      { name: 'notes/trip.md', bytes: text('Second one') },
    ]);
    const entries = walk(zip);
    expect(entries.map(([name, content]) => [name, content])).toEqual([
      ['fox.md', 'The quick brown fox jumps over the lazy dog'],
      ['notes/trip.md', 'Train — café ☕'],
      ['notes/trip (2).md', 'Second one'],
    ]);
    // The well-known CRC-32 of the pangram.
    expect(entries[0]?.[2]).toBe(0x414fa339);
    // The end record counts three entries.
    expect(u16(zip, zip.length - 22 + 10)).toBe(3);
  });

  it('sends an export as it is, Markdown notes zipped, and refuses a mix', async () => {
    const json = new File(['{"answers":[]}'], 'export.json');
    expect(await uploadableFile([json])).toEqual({ file: json, label: 'export.json' });
    const picked = await uploadableFile([
      new File(['one'], 'a.md'),
      new File(['two'], 'b.markdown'),
    ]);
    if (!('file' in picked)) throw new Error(picked.problem);
    expect(picked.label).toBe('2 Markdown files');
    expect(picked.file.name).toBe('markdown-files.zip');
    const zip = new Uint8Array(await picked.file.arrayBuffer());
    expect(walk(zip).map(([name, content]) => [name, content])).toEqual([
      ['a.md', 'one'],
      ['b.markdown', 'two'],
    ]);
    expect(await uploadableFile([new File(['x'], 'a.md'), json])).toEqual({
      problem: 'Choose one export (.json or .zip), or only Markdown (.md) files',
    });
  });
});
