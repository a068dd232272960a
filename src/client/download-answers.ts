import { todayOf } from '../shared/domain/calendar-day.ts';
import {
  type DownloadableAnswer,
  downloadFileName,
  downloadText,
} from '../shared/domain/download.ts';
import { saveFile, textFile } from './save-file.ts';

/**
 * SPEC §1 "Download my answers": saves a text file with the date, prompt title and text of each
 * answer (newest first). Named muse-answer-YYYY-MM-DD.txt for one answer (its day) and
 * muse-answers-YYYY-MM-DD.txt for several (today) — see src/shared/domain/download.ts.
 * The side menu, /past and the profile all call this one function.
 */
export function downloadAnswers(answers: readonly DownloadableAnswer[], now: Date = new Date()) {
  saveFile(downloadFileName(answers, todayOf(now)), textFile(downloadText(answers)));
}
