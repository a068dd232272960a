import { useId, useRef, useState } from 'react';
import { capitaliseFirst } from '#shared/domain/capitalise.ts';
import { MAX_PROMPT_TITLE } from '#shared/domain/limits.ts';
import { newPromptError } from '#shared/domain/validation-messages.ts';
import { toggleCategory } from './new-prompt-form.ts';
import './new-prompt-screen.css';

/** A prompt being written: its text, the categories picked and the message to show. */
export type PromptDraft = ReturnType<typeof usePromptDraft>;

/**
 * The state behind 'Add a prompt' and the admin prompt forms. `check()` applies SPEC §5's
 * validation: on a problem it shows the message, moves focus to the field at fault and
 * returns false.
 */
export function usePromptDraft(initial?: { title: string; categories: string[] }) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [picked, setPicked] = useState<string[]>(initial?.categories ?? []);
  const [error, setError] = useState('');
  const textRef = useRef<HTMLTextAreaElement>(null);
  const togglesRef = useRef<HTMLDivElement>(null);

  const check = (): boolean => {
    const message = newPromptError({ title, categories: picked });
    if (!message) return true;
    setError(message);
    if (title.trim() === '') textRef.current?.focus();
    else togglesRef.current?.querySelector('button')?.focus();
    return false;
  };

  return { title, setTitle, picked, setPicked, error, setError, textRef, togglesRef, check };
}

export type PromptFieldsProps = {
  draft: PromptDraft;
  /** The categories offered, in order. */
  choices: readonly string[];
  label: string;
  placeholder: string;
};

/** The prompt's text area, its category toggles (SPEC §4: a tap toggles) and the error line. */
export function PromptFields({ draft, choices, label, placeholder }: PromptFieldsProps) {
  const { title, picked, error, setError } = draft;
  const textId = useId();
  const errorId = useId();
  const titleMissing = error !== '' && title.trim() === '';
  const categoriesMissing = error !== '' && !titleMissing && picked.length === 0;

  return (
    <>
      <label htmlFor={textId} className="new-prompt-label">
        {label}
      </label>
      <textarea
        id={textId}
        ref={draft.textRef}
        className="field new-prompt-text"
        value={title}
        maxLength={MAX_PROMPT_TITLE}
        rows={3}
        placeholder={placeholder}
        aria-invalid={titleMissing || undefined}
        aria-describedby={titleMissing ? errorId : undefined}
        onChange={(event) => {
          // SPEC §5: the first letter is capitalised as typed.
          draft.setTitle(capitaliseFirst(event.target.value));
          setError('');
        }}
      />
      <fieldset
        className="new-prompt-categories"
        aria-describedby={categoriesMissing ? errorId : undefined}
      >
        <legend className="new-prompt-label">Categories</legend>
        <div ref={draft.togglesRef} className="category-toggles">
          {choices.map((name) => (
            <button
              key={name}
              type="button"
              className="category-toggle"
              aria-pressed={picked.includes(name)}
              onClick={() => {
                draft.setPicked((list) => toggleCategory(list, name));
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
    </>
  );
}
