// /answer/today as the server sends it (issue 14, Lighthouse): the answer screen's frame with
// today's prompt already in its heading, so a phone paints the day's question with the page
// itself instead of after the app's JavaScript and three round trips. Which day is "today" is
// the device's own (SPEC §4), which the server cannot know: the page carries the prompts of the
// server's day and the days either side (every time zone's today is one of them), and a small
// inline script picks the device's before the first paint (plugins/today-frame.ts). The app's
// answer screen then shows the same frame (screens/answer/today-frame.tsx) until it is ready.

/** Element ids the server's page, its inline script and the client's frame share. */
export const TODAY_FRAME_IDS = {
  /** <script type="application/json">: day key → { id, title } of the day's prompt. */
  data: 'muse-today-prompts',
  /** The frame's heading text, filled by the inline script. */
  title: 'muse-today-title',
  /** The frame's text box: it takes keys before the app runs (client/screens/answer/early-text.ts). */
  text: 'muse-today-text',
} as const;

/** The prerendered frame's key in prerendered.json (beside the screens' module names). */
export const TODAY_FRAME_KEY = 'screens/answer/today-frame.tsx';

/** Day key ('YYYY-MM-DD') → the prompt standing for that day. */
export type DayPrompts = Record<string, { id: string; title: string }>;
