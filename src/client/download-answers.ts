import { todayOf } from '../shared/domain/calendar-day.ts';
import {
  type DownloadableAnswer,
  downloadFileName,
  downloadText,
} from '../shared/domain/download.ts';

/**
 * SPEC §1 "Download my answers": saves a text file with the date, prompt title and text of each
 * answer (newest first). Named muse-answer-YYYY-MM-DD.txt for one answer (its day) and
 * muse-answers-YYYY-MM-DD.txt for several (today) — see src/shared/domain/download.ts.
 * The side menu, /past and the profile all call this one function.
 */
export function downloadAnswers(answers: readonly DownloadableAnswer[], now: Date = new Date()) {
  const blob = new Blob([downloadText(answers)], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadFileName(answers, todayOf(now));
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
