// Images are recognised by their first bytes, never by file name or the browser's claimed type.
export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((value, index) => bytes[offset + index] === value);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

export function sniffImage(head: Uint8Array): ImageKind | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (
    startsWith(head, ascii('ftyp'), 4) &&
    (startsWith(head, ascii('avif'), 8) || startsWith(head, ascii('avis'), 8))
  ) {
    return 'avif';
  }
  return null;
}
