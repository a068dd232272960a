import { useLayoutEffect, useRef } from 'react';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { MoreIcon } from '#client/components/icons.tsx';
import { paths } from '#client/routes.ts';
import { PSEUDO_CATEGORIES } from '#shared/domain/categories.ts';
import { type DayPrompts, TODAY_FRAME_IDS } from '#shared/today-frame.ts';
import './answer-screen.css';
import { EARLY_ATTR, showEarlyText } from '#client/state/answers/early-text.ts';

/**
 * /answer/today before the answer is ready: the editor's frame with the day's prompt in its
 * heading, where the editor will show it (shared/today-frame.ts). The server sends it with the
 * page; the screen keeps showing it until the loads it waits for are in, so the question stays
 * put instead of turning into "Loading…" and back. Its box takes keys from the first moment it is
 * seen, with or without the app's script: early-text.ts keeps them for the editor to take over.
 */
export function TodayFrame({ title }: { title: string }) {
  const boxRef = useRef<HTMLTextAreaElement>(null);
  // The box the app renders in place of the prerendered one goes on where that one was.
  useLayoutEffect(() => {
    if (boxRef.current) showEarlyText(boxRef.current);
  }, []);
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
          ref={boxRef}
          id={TODAY_FRAME_IDS.text}
          className="answer-text"
          aria-label="Your answer"
          placeholder="Take a breath, then write…"
          {...{ [EARLY_ATTR]: '' }}
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
