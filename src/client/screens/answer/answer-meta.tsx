import type { Answer } from '#shared/api/answers.ts';
import { formatDate } from '#shared/domain/date-format.ts';
import { useEditorView } from './use-answer-sync.ts';

/** "Written {date} · N words" under the prompt; the count follows the text once typing pauses. */
export function AnswerMeta({ saved }: { saved: Answer | null }) {
  const words = useEditorView('words');
  return (
    <p className="answer-meta">
      {saved ? `Written ${formatDate(saved.answered)}` : 'A new answer'}
      {/* Heard as "Written Nov 27, 2026, 19 words": the dot is only seen (issue 35). */}
      <span className="visually-hidden">, </span>
      <span aria-hidden="true"> · </span>
      {words === 1 ? '1 word' : `${words} words`}
    </p>
  );
}
