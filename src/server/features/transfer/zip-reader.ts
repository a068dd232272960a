import fs from 'node:fs';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** Refusals a person can act on; the route turns them into a 400 or 413. */
export class ZipRefused extends Error {
  readonly status: 400 | 413;
  constructor(message: string, status: 400 | 413 = 400) {
    super(message);
    this.status = status;
  }
}

export const ZIP_LIMITS = {
  entries: 20_000,
  /** One file inside the zip, unpacked. */
  entryBytes: 256 * 1024 * 1024,
  /** Everything inside the zip, unpacked. */
  totalBytes: 1024 * 1024 * 1024,
  /** More than this many times smaller packed than unpacked (past 1 MB) is a zip bomb. */
  ratio: 200,
  /**
   * The same over the whole archive: many files each too small for the check above add up
   * (issue 34: 2,000 files of 49,000 characters, 98 MB from a 0.5 MB zip). Prose packs 3-10
   * times; pictures not at all.
   */
  archiveRatio: 50,
};

export type ZipEntry = { name: string; size: number; open: () => Promise<Readable> };

/** A path that would leave the folder it is unpacked into, or names a device or root. */
export function unsafeZipPath(name: string): boolean {
  const normal = name.replaceAll('\\', '/');
  return (
    normal.startsWith('/') ||
    /^[A-Za-z]:/.test(normal) ||
    normal.split('/').some((part) => part === '..') ||
    normal.includes('\u0000')
  );
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) =>
        error || !zip ? reject(new ZipRefused('The file is not a zip we can read')) : resolve(zip),
    );
  });
}

/**
 * The files of a zip on disk, one at a time (yauzl reads the central directory, then each
 * entry on demand), after checking every entry against the limits above: a zip bomb or a
 * path that climbs out ('../x', '/etc/x') is refused as a whole before anything is read.
 */
export async function readZip(path: string): Promise<{ entries: ZipEntry[]; close: () => void }> {
  const packed = (await fs.promises.stat(path)).size;
  const zip = await openZip(path);
  if (zip.entryCount > ZIP_LIMITS.entries) {
    zip.close();
    throw new ZipRefused(`The zip holds more than ${ZIP_LIMITS.entries} files`, 413);
  }
  const raw = await new Promise<yauzl.Entry[]>((resolve, reject) => {
    const found: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      found.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(found));
    zip.on('error', (error: Error) =>
      reject(
        /relative path|absolute path|invalid characters/i.test(error.message)
          ? new ZipRefused('The zip has a file whose path leaves its folder')
          : new ZipRefused('The zip is damaged'),
      ),
    );
    zip.readEntry();
  }).catch((error: unknown) => {
    zip.close();
    throw error;
  });
  let total = 0;
  for (const entry of raw) {
    const refusal = checkEntry(entry);
    total += entry.uncompressedSize;
    if (refusal || total > ZIP_LIMITS.totalBytes) {
      zip.close();
      throw refusal ?? new ZipRefused('The zip unpacks to more than we accept', 413);
    }
  }
  if (total > 1024 * 1024 && total > packed * ZIP_LIMITS.archiveRatio) {
    zip.close();
    throw new ZipRefused('The zip unpacks to far more than it holds', 413);
  }
  const entries = raw
    .filter((entry) => !entry.fileName.endsWith('/'))
    .map((entry) => ({
      name: entry.fileName,
      size: entry.uncompressedSize,
      open: () =>
        new Promise<Readable>((resolve, reject) => {
          zip.openReadStream(entry, (error, stream) =>
            error || !stream ? reject(new ZipRefused('The zip is damaged')) : resolve(stream),
          );
        }),
    }));
  return { entries, close: () => zip.close() };
}

function checkEntry(entry: yauzl.Entry): ZipRefused | null {
  if (unsafeZipPath(entry.fileName)) {
    return new ZipRefused('The zip has a file whose path leaves its folder');
  }
  const { uncompressedSize: size, compressedSize: packed } = entry;
  if (size > ZIP_LIMITS.entryBytes) return new ZipRefused('A file in the zip is too large', 413);
  if (size > 1024 * 1024 && size > Math.max(packed, 1) * ZIP_LIMITS.ratio) {
    return new ZipRefused('The zip looks like a zip bomb: it unpacks to far more than it holds');
  }
  return null;
}
