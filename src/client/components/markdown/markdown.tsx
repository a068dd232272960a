import { type ComponentType, lazy, Suspense } from 'react';
import type { MarkdownViewProps } from './markdown-view.tsx';
import { Marked } from './marked.tsx';
import './markdown.css';

/** The text as typed, line breaks kept: before the parser is in, or if it never comes. */
function PlainText({ text, query = '' }: MarkdownViewProps) {
  return (
    <p className="markdown-plain">
      <Marked text={text} query={query} />
    </p>
  );
}

// The parser is a chunk of its own, fetched with the first screen that shows an answer, never
// with the first load of the app (the first-load budget, scripts/client-budget.ts).
let viewModule: Promise<ComponentType<MarkdownViewProps>> | undefined;
function loadView(): Promise<ComponentType<MarkdownViewProps>> {
  viewModule ??= import('./markdown-view.tsx').then(
    (module) => module.MarkdownView,
    // Offline before the chunk was cached: the words stay readable as typed.
    () => PlainText,
  );
  return viewModule;
}

const LazyView = lazy(async () => ({ default: await loadView() }));

/** Starts fetching the parser, so that it is in by the time the answers are. */
export function preloadMarkdown(): void {
  void loadView();
}

export type MarkdownProps = MarkdownViewProps & { className?: string };

/**
 * An answer's words, its Markdown rendered (issue 35 point 2); the text itself stays Markdown
 * everywhere else (the editor, downloads, exports).
 */
export function Markdown({ className, ...props }: MarkdownProps) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <Suspense fallback={<PlainText {...props} />}>
        <LazyView {...props} />
      </Suspense>
    </div>
  );
}
