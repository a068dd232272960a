import { highlight } from '#shared/domain/search.ts';

/** The text with the words a search found in `<mark>` (issue 17 C). */
export function Marked({ text, query }: { text: string; query: string }) {
  if (!query.trim()) return <>{text}</>;
  return (
    <>
      {highlight(text, query).map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <mark key={index}>{part.text}</mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
