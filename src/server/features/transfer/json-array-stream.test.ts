import { describe, expect, it } from 'vitest';
import { JsonStreamError, jsonArrayItems } from './json-array-stream.ts';

async function items(text: string, key: string, chunkSize = 7): Promise<unknown[]> {
  async function* chunks() {
    const bytes = Buffer.from(text, 'utf8');
    for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
  }
  const out: unknown[] = [];
  for await (const item of jsonArrayItems(chunks(), key)) out.push(item);
  return out;
}

describe('jsonArrayItems', () => {
  const doc = {
    metadata: { version: '1.0', entries: ['not these'] },
    note: 'a "tricky" string with entries: [ and } inside',
    entries: [
      { uuid: 'A', text: 'Grüße, {braces} and [brackets], "quotes" \\ ✓', tags: ['x', 'y'] },
      { uuid: 'B', nested: { deep: [1, 2, { entries: [] }] } },
      { uuid: 'C', text: 'one " quote, a comma } and [ a bracket' },
      'plain',
      42,
    ],
    after: [1, 2],
  };

  it('yields the items of the top-level list, whatever the chunk boundaries', async () => {
    for (const size of [1, 3, 7, 64, 100_000]) {
      expect(await items(JSON.stringify(doc, null, size % 2 ? 2 : 0), 'entries', size)).toEqual(
        doc.entries,
      );
    }
  });

  it('yields nothing for a missing or empty list', async () => {
    expect(await items('{"answers": []}', 'answers')).toEqual([]);
    expect(await items('{"user": {"answers": [1]}}', 'answers')).toEqual([]);
  });

  it('refuses what is not a JSON object', async () => {
    await expect(items('[1,2]', 'entries')).rejects.toThrow(JsonStreamError);
    await expect(items('{"entries": [1, 2', 'entries')).rejects.toThrow(JsonStreamError);
    await expect(items('{"entries": [{"a": nope}]}', 'entries')).rejects.toThrow(JsonStreamError);
    await expect(items('{"entries": {"a": 1}}', 'entries')).rejects.toThrow(JsonStreamError);
  });
});
