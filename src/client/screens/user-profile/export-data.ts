import { fetchExport } from '#client/api/account.ts';
import { ApiError } from '#client/api/call.ts';
import { saveFile, textFile } from '#client/save-file.ts';
import { exportFileName, SIGN_IN_AGAIN, TRY_AGAIN } from '#client/state/account/account-rules.ts';
import { reportSessionLost } from '#client/state/session-lost.ts';
import { todayOf } from '#shared/domain/calendar-day.ts';
import { MESSAGES } from '#shared/domain/validation-messages.ts';

/**
 * "Your data": everything the server keeps about the caller (/api/user/export), saved as
 * muse-export-YYYY-MM-DD.json. Returns an error message, or null when the file was saved.
 */
export async function downloadExport(now: Date = new Date()): Promise<string | null> {
  try {
    const data = await fetchExport();
    saveFile(
      exportFileName(todayOf(now)),
      textFile(`${JSON.stringify(data, null, 2)}\n`, 'application/json'),
    );
    return null;
  } catch (error) {
    const status = error instanceof ApiError ? error.status : null;
    if (status === 0) return MESSAGES.noConnection;
    if (status === 401) {
      reportSessionLost();
      return SIGN_IN_AGAIN;
    }
    return TRY_AGAIN;
  }
}
