import { type CalendarDay, dayKey, todayOf } from './calendar-day.ts';
import { formatDate } from './date-format.ts';

export type DownloadableAnswer = { answered: string; prompt_title: string; text: string };

const ANSWER_SEPARATOR = '\n\n---\n\n';

/** Newest first; unreadable timestamps sort last. */
function newestFirst<A extends DownloadableAnswer>(answers: readonly A[]): A[] {
  const time = (a: A) => {
    const ms = Date.parse(a.answered);
    return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
  };
  return [...answers].sort((a, b) => time(b) - time(a));
}

/**
 * SPEC §9 "Download my answers": per answer its date ('Mar 5, 2020', local calendar), prompt
 * title and text, separated by blank lines; answers separated by a '---' line with a blank
 * line either side; newest first. Ends with a newline; '' when there are no answers.
 */
export function downloadText(answers: readonly DownloadableAnswer[]): string {
  if (answers.length === 0) return '';
  const blocks = newestFirst(answers).map((a) =>
    [formatDate(a.answered), a.prompt_title, a.text].join('\n\n'),
  );
  return `${blocks.join(ANSWER_SEPARATOR)}\n`;
}

/**
 * The spec leaves the names open; ours are
 *   one answer:          muse-answer-YYYY-MM-DD.txt   (the day the answer was written)
 *   none or many:        muse-answers-YYYY-MM-DD.txt  (today, the day of the download)
 * ASCII 'muse' because some file systems and mail clients mangle 'ü'.
 */
export function downloadFileName(
  answers: readonly DownloadableAnswer[],
  today: CalendarDay,
): string {
  const [only] = answers;
  if (answers.length === 1 && only) {
    const answered = new Date(only.answered);
    const day = Number.isNaN(answered.getTime()) ? today : todayOf(answered);
    return `muse-answer-${dayKey(day)}.txt`;
  }
  return `muse-answers-${dayKey(today)}.txt`;
}
