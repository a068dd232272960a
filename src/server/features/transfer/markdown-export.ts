import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import type { Answer } from '#shared/api/answers.ts';
import { answerToMarkdown, markdownFileName } from './markdown-format.ts';

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
 * A zip of one Markdown file per answer, streamed as it is built (decision 021). An entry's
 * photos (decision 062) go beside it under photos/, named after its file, and its Markdown ends
 * with an image link to each, so any Markdown reader shows them in place.
 */
export function markdownZip(
  answers: Answer[],
  timeZone: string,
  photosOf: (answerId: string) => ExportPhoto[] = () => [],
): Readable {
  const zip = new yazl.ZipFile();
  const used = new Set<string>();
  const mtime = new Date();
  for (const answer of answers) {
    const file = markdownFileName(answer, used, timeZone);
    const photos = photosOf(answer._id);
    const names = photos.map((_, index) => `photos/${file.slice(0, -3)}-${index + 1}.webp`);
    const links = names.map((name, index) => `![Photo ${index + 1}](${name})`).join('\n\n');
    const markdown = answerToMarkdown(answer) + (links ? `\n${links}\n` : '');
    zip.addBuffer(Buffer.from(markdown, 'utf8'), `muse-answers/${file}`, { mtime });
    photos.forEach((photo, index) => {
      // WebP is compressed already.
      zip.addReadStream(readWhenNeeded(photo.open), `muse-answers/${names[index]}`, {
        mtime,
        compress: false,
      });
    });
  }
  zip.end();
  return zip.outputStream.pipe(new PassThrough());
}
