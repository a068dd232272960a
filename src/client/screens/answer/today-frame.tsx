import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { MoreIcon } from '#client/components/icons.tsx';
import { paths } from '#client/routes.ts';
import { PSEUDO_CATEGORIES } from '#shared/domain/categories.ts';
import { type DayPrompts, TODAY_FRAME_IDS } from '#shared/today-frame.ts';
import './answer-screen.css';

/**
 * /answer/today before the answer is ready: the editor's frame with the day's prompt in its
 * heading, where the editor will show it (shared/today-frame.ts). The server sends it with the
 * page; the screen keeps showing it until the loads it waits for are in, so the question stays
 * put instead of turning into "Loading…" and back. Nothing can be typed yet: the box is read-only
 * until the editor takes over, as the editor's own is until its text is ready.
 */
export function TodayFrame({ title }: { title: string }) {
  return (
    <>
      <AppHeader
        title={PSEUDO_CATEGORIES.today}
        titleIsHeading={false}
        start={<BackLink to={paths.categories} label="Back to categories" />}
        // Where the editor's Next/Done goes: as tall, so nothing moves when it comes.
        end={
          <span className="button next-button today-frame-placeholder" aria-hidden="true">
            Next
          </span>
        }
      />
      <main className="page answer-page">
        <h1 className="answer-prompt">
          <button type="button" className="answer-prompt-button" disabled>
            <span id={TODAY_FRAME_IDS.title}>{title}</span>
            <span className="answer-prompt-more">
              <MoreIcon />
            </span>
          </button>
        </h1>
        {/* The editor's "Written … · N words" line goes here: kept as tall, said by nobody. */}
        <p className="answer-meta" aria-hidden="true">
          {'\u00a0'}
        </p>
        <textarea
          className="answer-text"
          aria-label="Your answer"
          placeholder="Take a breath, then write…"
          readOnly
        />
      </main>
    </>
  );
}

/** The days' prompts the server sent with this page, read before the app's first render. */
const fromPage: DayPrompts = readPagePrompts();

function readPagePrompts(): DayPrompts {
  if (typeof document === 'undefined') return {};
  try {
    const text = document.getElementById(TODAY_FRAME_IDS.data)?.textContent;
    return text ? (JSON.parse(text) as DayPrompts) : {};
  } catch {
    return {};
  }
}

/** The title the page gave for the day `key`, if it gave one. */
export function pageTitleFor(key: string): string | null {
  const prompt = fromPage[key];
  return typeof prompt?.title === 'string' ? prompt.title : null;
}
