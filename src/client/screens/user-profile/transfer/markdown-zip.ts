// Issue 35 point 4: several Markdown files (or a folder of them) chosen at once go to the
// server as one zip of Markdown files, the format it already reads with every zip check, so
// the upload stays one file under the same limits. Stored, not compressed: no library needed.

/** A file the picker gives that is a Markdown note. */
export const isMarkdownName = (name: string): boolean => /\.(md|markdown)$/i.test(name);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A zip (stored entries, UTF-8 names) of `files`; a name used twice gets " (2)" before its
 * extension, so no note hides another.
 */
export function storedZip(files: { name: string; bytes: Uint8Array }[]): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const used = new Set<string>();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const file of files) {
    const base = file.name.replaceAll('\\', '/').replace(/^\/+/, '') || 'note.md';
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n += 1) {
      name = base.replace(/(\.[^./]*)?$/, ` (${n})$1`);
    }
    used.add(name.toLowerCase());
    const nameBytes = encoder.encode(name);
    const crc = crc32(file.bytes);
    const size = file.bytes.length;
    const local = new Uint8Array(30 + nameBytes.length);
    const l = new DataView(local.buffer);
    l.setUint32(0, 0x04034b50, true);
    l.setUint16(4, 20, true); // version needed
    l.setUint16(6, 0x0800, true); // UTF-8 names
    l.setUint16(8, 0, true); // stored
    l.setUint32(14, crc, true);
    l.setUint32(18, size, true);
    l.setUint32(22, size, true);
    l.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    const central = new Uint8Array(46 + nameBytes.length);
    const c = new DataView(central.buffer);
    c.setUint32(0, 0x02014b50, true);
    c.setUint16(4, 20, true);
    c.setUint16(6, 20, true);
    c.setUint16(8, 0x0800, true);
    c.setUint16(10, 0, true);
    c.setUint32(16, crc, true);
    c.setUint32(20, size, true);
    c.setUint32(24, size, true);
    c.setUint16(28, nameBytes.length, true);
    c.setUint32(42, offset, true);
    central.set(nameBytes, 46);
    locals.push(local, file.bytes);
    centrals.push(central);
    offset += local.length + size;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array(22);
  const e = new DataView(end.buffer);
  e.setUint32(0, 0x06054b50, true);
  e.setUint16(8, files.length, true);
  e.setUint16(10, files.length, true);
  e.setUint32(12, centralSize, true);
  e.setUint32(16, offset, true);
  const out = new Uint8Array(offset + centralSize + end.length);
  let at = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** What the picker gave, as one file to upload: an export as it is, or Markdown notes zipped. */
export async function uploadableFile(
  files: File[],
): Promise<{ file: File; label: string } | { problem: string }> {
  const [only] = files;
  if (files.length === 1 && only && !isMarkdownName(only.name)) {
    return { file: only, label: only.name };
  }
  // A folder brings every file in it: the notes are the Markdown ones.
  const notes = files.filter((file) => isMarkdownName(file.name));
  if (notes.length === 0 || (notes.length < files.length && !files.some(inFolder))) {
    return { problem: 'Choose one export (.json or .zip), or only Markdown (.md) files' };
  }
  const parts = await Promise.all(
    notes.map(async (file) => ({
      name: inFolder(file) ? file.webkitRelativePath : file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    })),
  );
  const zip = new File([storedZip(parts)], 'markdown-files.zip', { type: 'application/zip' });
  return {
    file: zip,
    label:
      notes.length === 1 ? (only?.name ?? '1 Markdown file') : `${notes.length} Markdown files`,
  };
}

const inFolder = (file: File): boolean => (file.webkitRelativePath ?? '') !== '';
