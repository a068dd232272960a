import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { assertCallerDay } from '#server/server-day.ts';
import { todayPromptRequest, todayPromptUpdateRequest } from '#shared/api/prompts.ts';
import { todaysPromptId } from './daily-prompt.service.ts';

// No session needed: the home page shows today's prompt to visitors too, and the answer is the
// same for everyone. The day must be within one of the server's UTC date, so nobody can fix
// prompts for days far ahead.
export function registerDailyPromptRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/api/prompt/today', async (request) => {
    const { year, month, day } = todayPromptRequest.parse(request.body);
    const calendarDay = assertCallerDay({ year, month, day }, new Date());
    return { prompt_id: await todaysPromptId(deps, calendarDay) };
  });

  // SPEC §7 keeps this call and its body, but the proposal cannot choose: the answer is the
  // prompt the server picked for the day (issue 13, decision 017).
  app.post('/api/prompt/today/update', async (request) => {
    const { year, month, day } = todayPromptUpdateRequest.parse(request.body);
    const calendarDay = assertCallerDay({ year, month, day }, new Date());
    return { prompt_id: await todaysPromptId(deps, calendarDay) };
  });
}
