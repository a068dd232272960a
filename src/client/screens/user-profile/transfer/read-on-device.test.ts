import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { encryptEntry } from '#client/encryption/entries.ts';
import { createDataKey } from '#client/encryption/keys.ts';
import { NOT_AN_IMPORT, SKIP } from '#shared/domain/import-items.ts';
import { storedZip } from './markdown-zip.ts';
import { ImportUnreadable, readImportOnDevice } from './read-on-device.ts';

// An encrypted journal's import file, read on the device (docs/ENCRYPTION.md): the formats the
// server reads, by the same rules, from real zips (deflated by yazl, as Day One's are, and
// stored, as the device's own Markdown export is). Nothing here touches a network.

function deflatedZip(files: [string, string | Uint8Array][]): Promise<Uint8Array<ArrayBuffer>> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of files) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (part: Buffer) => parts.push(part));
    zip.outputStream.on('end', () => resolve(new Uint8Array(Buffer.concat(parts))));
    zip.outputStream.on('error', reject);
  });
}

const fileOf = (bytes: Uint8Array<ArrayBuffer> | string, name: string) => new File([bytes], name);

describe('reading an import file on the device', () => {
  it('reads a Day One zip: its entries in words with their photos, a photo-only day too', async () => {
    const journal = {
      entries: [
        {
          uuid: 'E1',
          text: '# By the sea\nA day by the sea\\.',
          creationDate: '2026-02-01T10:00:00Z',
          timeZone: 'Europe/Berlin',
          tags: ['sea'],
          starred: true,
          photos: [{ md5: 'aa', type: 'jpeg' }],
        },
        {
          uuid: 'E2',
          text: '',
          creationDate: '2026-02-02T10:00:00Z',
          photos: [{ md5: 'bb', type: 'jpeg' }],
        },
        { uuid: 'E3', text: 'No date' },
      ],
    };
    const zip = await deflatedZip([
      ['Journal.json', JSON.stringify(journal)],
      ['photos/aa.jpeg', new Uint8Array([0xff, 0xd8, 0xff])],
      ['photos/bb.jpeg', new Uint8Array([0xff, 0xd8, 0xff])],
    ]);
    const read = await readImportOnDevice(fileOf(zip, 'dayone.zip'), 'Europe/Berlin');
    expect(read.entries).toEqual([
      expect.objectContaining({
        prompt_title: 'By the sea',
        text: 'A day by the sea.',
        tags: ['sea', 'starred'],
        importKey: 'dayone:E1',
        answered: '2026-02-01T10:00:00.000Z',
      }),
      // A day of photos only is a day too: its photo comes with it.
      expect.objectContaining({ text: '', importKey: 'dayone:E2' }),
    ]);
    // Each entry's photos, from the zip, unpacked only when read.
    const photos = read.entries.map((e) => e.photos.map((p) => p.name));
    expect(photos).toEqual([['photos/aa.jpeg'], ['photos/bb.jpeg']]);
    expect([...((await read.entries[0]?.photos[0]?.read(100)) ?? [])]).toEqual([0xff, 0xd8, 0xff]);
    expect(read.preview).toMatchObject({
      format: 'day-one',
      entries: 2,
      skipped: [{ reason: SKIP.noDate, count: 1 }],
      notBroughtOver: [],
    });
  });

  it('reads a Müse export: words and entries it holds encrypted, each once', async () => {
    const answer = {
      prompt_title: 'Journal',
      text: 'Words of mine',
      tags: ['t'],
      answered: '2026-03-04T08:00:00.000Z',
      shared: false,
    };
    const key = await createDataKey();
    const ciphertext = await encryptEntry(key, { text: 'Sealed words', tags: [] });
    const sealed = { ...answer, text: ciphertext, encrypted: true, score: 2 };
    const json = JSON.stringify({ exported: 'now', answers: [answer, answer, sealed, 7] });
    const read = await readImportOnDevice(fileOf(json, 'export.json'), 'UTC');
    expect(read.preview.format).toBe('muse-json');
    expect(read.entries.map((e) => [e.text, e.encrypted ?? false])).toEqual([
      ['Words of mine', false],
      [ciphertext, true],
    ]);
    expect(read.preview.skipped).toEqual([
      { reason: 'repeated in the file', count: 1 },
      { reason: SKIP.notAnEntry, count: 1 },
    ]);
  });

  it('reads Markdown files from a zip stored (the device’s own export) or deflated', async () => {
    const note = '---\ndate: 2026-03-04\n---\nA quiet note.\n';
    const stored = storedZip([
      { name: 'muse-answers/2026-03-04-note.md', bytes: new TextEncoder().encode(note) },
      { name: 'muse-answers/2026-03-04-note-1.webp', bytes: new Uint8Array([1, 2, 3]) },
    ]);
    const deflated = await deflatedZip([['notes/one.md', note]]);
    for (const zip of [stored, deflated]) {
      const read = await readImportOnDevice(fileOf(zip, 'notes.zip'), 'America/New_York');
      expect(read.preview.format).toBe('markdown');
      expect(read.entries).toEqual([
        // Noon of its day where the person lives, titled by its day.
        expect.objectContaining({
          text: 'A quiet note.',
          prompt_title: 'Mar 4, 2026',
          answered: '2026-03-04T17:00:00.000Z',
        }),
      ]);
    }
    expect(
      (await readImportOnDevice(fileOf(stored, 'notes.zip'), 'UTC')).preview.notBroughtOver,
    ).toEqual([{ kind: 'photos', count: 1 }]);
  });

  it('says plainly what it cannot read, and reads nothing of it', async () => {
    await expect(readImportOnDevice(fileOf('just words', 'a.txt'), 'UTC')).rejects.toThrow(
      new ImportUnreadable(NOT_AN_IMPORT),
    );
    const zip = await deflatedZip([['Journal.json', '{"entries": []}']]);
    const cut = zip.slice(0, zip.length - 30);
    await expect(readImportOnDevice(fileOf(cut, 'cut.zip'), 'UTC')).rejects.toThrow(
      ImportUnreadable,
    );
    await expect(readImportOnDevice(fileOf('{"entries": 3}', 'x.json'), 'UTC')).rejects.toThrow(
      ImportUnreadable,
    );
  });
});
