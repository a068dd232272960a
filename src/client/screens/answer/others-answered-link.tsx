import { Link } from 'react-router';
import { promptWorldPath } from '#client/routes.ts';
import type { Answer } from '#shared/api/answers.ts';

/** Once the prompt is answered (now or before), how others answered it: the server's rule (023). */
export function OthersAnsweredLink({
  promptId,
  answers,
}: {
  promptId: string | null;
  answers: readonly Answer[];
}) {
  if (!promptId || !answers.some((a) => a.prompt_id === promptId && a.text.trim() !== '')) {
    return null;
  }
  return (
    <p className="answer-others">
      <Link to={promptWorldPath(promptId)}>See how others answered this</Link>
    </p>
  );
}
