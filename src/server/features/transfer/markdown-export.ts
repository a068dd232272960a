import { PassThrough, type Readable } from 'node:stream';
import yazl from 'yazl';
import type { Answer } from '#shared/api/answers.ts';
import { answerToMarkdown, markdownFileName } from './markdown-format.ts';

/** A zip of one Markdown file per answer, streamed as it is built (decision 021). */
export function markdownZip(answers: Answer[], timeZone: string): Readable {
  const zip = new yazl.ZipFile();
  const used = new Set<string>();
  const mtime = new Date();
  for (const answer of answers) {
    const name = `muse-answers/${markdownFileName(answer, used, timeZone)}`;
    zip.addBuffer(Buffer.from(answerToMarkdown(answer), 'utf8'), name, { mtime });
  }
  zip.end();
  return zip.outputStream.pipe(new PassThrough());
}
