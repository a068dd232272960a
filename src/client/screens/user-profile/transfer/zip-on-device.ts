// A zip read on the device (APPNOTE.TXT: the central directory, then each entry's local header),
// for an encrypted journal's import: only the files asked for are unpacked, one at a time, by
// the browser's own DecompressionStream; a Day One export's photos are never read.

/** A zip this reader cannot take: said to the person as it is. */
export class ZipUnreadable extends Error {
  override name = 'ZipUnreadable';
}

export type DeviceZipEntry = {
  name: string;
  /** Its size unpacked, as the zip says. */
  size: number;
  /** Its bytes, unpacked; refused past `limit` bytes. */
  read: (limit: number) => Promise<Uint8Array<ArrayBuffer>>;
};

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record (22 bytes) and the longest comment a zip may end with. */
const TAIL = 22 + 0xffff;

const DAMAGED = 'The zip is damaged';

async function bytesOf(blob: Blob, start: number, end: number): Promise<DataView> {
  return new DataView(await blob.slice(start, end).arrayBuffer());
}

async function unpack(data: Blob, method: number, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (method === 0) return new Uint8Array(await data.arrayBuffer());
  if (method !== 8)
    throw new ZipUnreadable('The zip packs a file in a way this browser cannot read');
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = data.stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > limit) throw new ZipUnreadable('A file in the zip is too large to import');
      chunks.push(value);
    }
  } catch (error) {
    throw error instanceof ZipUnreadable ? error : new ZipUnreadable(DAMAGED);
  } finally {
    reader.releaseLock();
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The zip's files (not its folders), as its central directory lists them. */
export async function zipEntries(file: Blob): Promise<DeviceZipEntry[]> {
  const tailStart = Math.max(0, file.size - TAIL);
  const tail = await bytesOf(file, tailStart, file.size);
  let end = -1;
  for (let at = tail.byteLength - 22; at >= 0; at -= 1) {
    if (tail.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipUnreadable(DAMAGED);
  const count = tail.getUint16(end + 10, true);
  const directorySize = tail.getUint32(end + 12, true);
  const directoryAt = tail.getUint32(end + 16, true);
  if (count === 0xffff || directoryAt === 0xffffffff) {
    throw new ZipUnreadable('This zip is too large to read here: import it in parts');
  }
  const directory = await bytesOf(file, directoryAt, directoryAt + directorySize);
  const names = new TextDecoder();
  const entries: DeviceZipEntry[] = [];
  let at = 0;
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > directory.byteLength || directory.getUint32(at, true) !== DIRECTORY_ENTRY) {
      throw new ZipUnreadable(DAMAGED);
    }
    const flags = directory.getUint16(at + 8, true);
    const method = directory.getUint16(at + 10, true);
    const packed = directory.getUint32(at + 20, true);
    const size = directory.getUint32(at + 24, true);
    const nameLength = directory.getUint16(at + 28, true);
    const extraLength = directory.getUint16(at + 30, true);
    const commentLength = directory.getUint16(at + 32, true);
    const localAt = directory.getUint32(at + 42, true);
    const nameStart = directory.byteOffset + at + 46;
    const name = names.decode(new Uint8Array(directory.buffer, nameStart, nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    entries.push({
      name,
      size,
      read: async (limit) => {
        if (flags & 1) throw new ZipUnreadable('The zip is locked with a password');
        if (size > limit) throw new ZipUnreadable('A file in the zip is too large to import');
        const local = await bytesOf(file, localAt, localAt + 30);
        if (local.byteLength < 30 || local.getUint32(0, true) !== LOCAL_HEADER) {
          throw new ZipUnreadable(DAMAGED);
        }
        const dataAt = localAt + 30 + local.getUint16(26, true) + local.getUint16(28, true);
        return unpack(file.slice(dataAt, dataAt + packed), method, limit);
      },
    });
  }
  return entries;
}
