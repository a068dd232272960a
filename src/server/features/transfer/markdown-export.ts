import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import type { Answer } from '#shared/api/answers.ts';
import { MARKDOWN_FOLDER, markdownExportFiles } from '#shared/domain/markdown-format.ts';

/** A photo to carry in the zip: its bytes are read only when the zip gets to it. */
export type ExportPhoto = { open: () => Promise<Readable | null> };

/** A stream that opens its source on the first read: one photo file open at a time. */
function readWhenNeeded(open: ExportPhoto['open']): Readable {
  return Readable.from(
    (async function* () {
      const source = await open();
      if (source) yield* source;
    })(),
    { objectMode: false },
  );
}

/**
 * A zip of one Markdown file per answer, streamed as it is built (decision 021), its photos
 * beside it (decision 062). An encrypted entry's file holds a placeholder, never its ciphertext
 * (docs/ENCRYPTION.md): its device builds the export with the words.
 */
export function markdownZip(
  answers: Answer[],
  timeZone: string,
  photosOf: (answerId: string) => ExportPhoto[] = () => [],
): Readable {
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  const files = markdownExportFiles(answers, timeZone, (id) => photosOf(id).length);
  answers.forEach((answer, at) => {
    const file = files[at];
    if (!file) return;
    zip.addBuffer(Buffer.from(file.markdown, 'utf8'), `${MARKDOWN_FOLDER}/${file.name}`, { mtime });
    const photos = photosOf(answer._id);
    file.photoNames.forEach((name, index) => {
      const photo = photos[index];
      // WebP is compressed already.
      if (photo) {
        zip.addReadStream(readWhenNeeded(photo.open), `${MARKDOWN_FOLDER}/${name}`, {
          mtime,
          compress: false,
        });
      }
    });
  });
  zip.end();
  return zip.outputStream.pipe(new PassThrough());
}
