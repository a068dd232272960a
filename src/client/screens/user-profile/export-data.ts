import { fetchExport } from '#client/api/account.ts';
import { ApiError } from '#client/api/call.ts';
import { saveFile, textFile } from '#client/save-file.ts';
import { exportFileName, SIGN_IN_AGAIN, TRY_AGAIN } from '#client/state/account/account-rules.ts';
import { JournalLockedError } from '#client/state/answers/answer-codec.ts';
import { reportSessionLost } from '#client/state/session-lost.ts';
import { todayOf } from '#shared/domain/calendar-day.ts';
import { MESSAGES } from '#shared/domain/validation-messages.ts';
import { openForExport } from './transfer/device-export.ts';

/**
 * "Your data": everything the server keeps about the caller (/api/user/export), its encrypted
 * entries opened on this device, saved as muse-export-YYYY-MM-DD.json. Returns an error message, or null when the file was saved.
 */
export async function downloadExport(now: Date = new Date()): Promise<string | null> {
  try {
    const fetched = await fetchExport();
    // An encrypted journal's entries leave as words, opened here (docs/ENCRYPTION.md).
    const data = { ...fetched, answers: await openForExport(fetched.answers) };
    saveFile(
      exportFileName(todayOf(now)),
      textFile(`${JSON.stringify(data, null, 2)}\n`, 'application/json'),
    );
    return null;
  } catch (error) {
    if (error instanceof JournalLockedError) return error.message;
    const status = error instanceof ApiError ? error.status : null;
    if (status === 0) return MESSAGES.noConnection;
    if (status === 401) {
      reportSessionLost();
      return SIGN_IN_AGAIN;
    }
    return TRY_AGAIN;
  }
}
