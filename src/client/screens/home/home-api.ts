import {
  loadApprovedPrompts,
  loadSharedPage,
  loadTodayPrompt,
} from '#client/state/account/loads.ts';
import { claimStartupShared, startedLoads } from '#client/state/account/startup.ts';
import { getState } from '#client/state/store/app-store.ts';
import { dayKey, todayOf } from '#shared/domain/calendar-day.ts';
import { findPromptTitle, type SharedPreview, toSharedPreviews } from './home-data.ts';

// The home page shows what start-up loads anyway (today's prompt, the first shared answers):
// it waits for those loads and reads the store, so nothing is asked of the server twice.

/** Today's prompt's title, or null if unknown. */
export async function loadTodayPromptTitle(): Promise<string | null> {
  const started = startedLoads();
  if (started) await Promise.all([started.prompts, started.today]);
  else {
    const prompts = loadApprovedPrompts();
    await Promise.all([prompts, loadTodayPrompt(prompts)]);
  }
  const { prompts, todayPrompt } = getState();
  if (todayPrompt.date !== dayKey(todayOf(new Date()))) return null;
  return findPromptTitle({ prompts }, todayPrompt.id);
}

/** The first shared answers of the world feed; null when the feed could not be read. */
export async function loadSharedPreviews(): Promise<SharedPreview[] | null> {
  const ok = await (claimStartupShared() ?? loadSharedPage(1));
  if (!ok) return null;
  return toSharedPreviews({ sharedAnswers: getState().world.sharedAnswers });
}
