import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import type { PromptView } from '../../../shared/api/prompts.ts';
import { capitaliseFirst } from '../../../shared/domain/capitalise.ts';
import { newPromptError } from '../../../shared/domain/validation-messages.ts';
import type { AdminResult, PromptFields } from '../../state/admin-actions.ts';
import { categoryChoices } from '../../state/admin-rules.ts';
import { useAppState } from '../../state/app-store.ts';
import { toggleCategory } from '../new-prompt/new-prompt-form.ts';
// The same text area and category toggles as 'Add a prompt', so both read alike.
import '../new-prompt/new-prompt-screen.css';

/** MAX_PROMPT_TITLE of src/shared/api/common.ts (a value import would bundle the zod schemas). */
const MAX_PROMPT_TITLE = 500;

export type PromptFormProps = {
  /** The prompt being edited, or none for a new one. */
  initial?: PromptView;
  submitLabel: string;
  /** Sends the prompt; resolves to the message to show when it failed. */
  onSubmit: (fields: PromptFields) => AdminResult;
  onDone: () => void;
};

/** Prompt text and category toggles (SPEC §4 toggling, §5 validation), for admins. */
export function PromptForm({ initial, submitLabel, onSubmit, onDone }: PromptFormProps) {
  const categories = useAppState((s) => s.categories);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [picked, setPicked] = useState<string[]>(initial?.categories ?? []);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const choices = useMemo(
    () => categoryChoices(categories, initial?.categories ?? []),
    [categories, initial],
  );
  const textId = useId();
  const errorId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const togglesRef = useRef<HTMLDivElement>(null);
  const titleMissing = error !== '' && title.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const message = newPromptError({ title, categories: picked });
    if (message) {
      setError(message);
      if (title.trim() === '') textRef.current?.focus();
      else togglesRef.current?.querySelector('button')?.focus();
      return;
    }
    setBusy(true);
    const problem = await onSubmit({ title, categories: picked });
    setBusy(false);
    if (problem) setError(problem);
    else onDone();
  };

  return (
    <form className="new-prompt-form admin-prompt-form" noValidate onSubmit={submit}>
      <label htmlFor={textId} className="new-prompt-label">
        Prompt
      </label>
      <textarea
        id={textId}
        ref={textRef}
        className="field new-prompt-text"
        value={title}
        maxLength={MAX_PROMPT_TITLE}
        rows={3}
        placeholder="A question worth sitting with"
        aria-invalid={titleMissing || undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          // SPEC §5: the first letter is capitalised as typed.
          setTitle(capitaliseFirst(event.target.value));
          setError('');
        }}
      />
      <fieldset className="new-prompt-categories" aria-describedby={error ? errorId : undefined}>
        <legend className="new-prompt-label">Categories</legend>
        <div ref={togglesRef} className="category-toggles">
          {choices.map((name) => (
            <button
              key={name}
              type="button"
              className="category-toggle"
              aria-pressed={picked.includes(name)}
              onClick={() => {
                setPicked((list) => toggleCategory(list, name));
                setError('');
              }}
            >
              {name}
            </button>
          ))}
        </div>
      </fieldset>
      <p id={errorId} className="new-prompt-error" role="alert">
        {error}
      </p>
      <button type="submit" className="button new-prompt-submit" aria-disabled={busy || undefined}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
