import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { capitaliseFirst } from '../../../shared/domain/capitalise.ts';
import { newPromptError } from '../../../shared/domain/validation-messages.ts';
import { AppHeader, BackLink } from '../../components/app-header.tsx';
import { paths, promptPath, signUpPath } from '../../routes.ts';
import { getState, useAppState } from '../../state/app-store.ts';
import { newId } from '../../state/ids.ts';
import { showStatus } from '../../state/status.ts';
import { createPrompt } from '../../state/writes.ts';
import { useTitle } from '../../use-title.ts';
import { buildPrompt, toggleCategory } from './new-prompt-form.ts';
import './new-prompt-screen.css';

/** MAX_PROMPT_TITLE of src/shared/api/common.ts (a value import would bundle the zod schemas). */
const MAX_PROMPT_TITLE = 500;

export const PROMPT_SUBMITTED = 'Prompt submitted';

/**
 * SPEC §2 /newPrompt 'Add a prompt': a text area and category toggles (§4 picking toggles
 * membership, §5 validation). The prompt goes through the write path (appended to own prompts,
 * kept offline if the server cannot be reached) and opens, ready to answer.
 */
export function NewPromptScreen() {
  useTitle('Add a prompt');
  const named = useAppState((s) => s.user.name.trim() !== '');
  return (
    <>
      <AppHeader
        title="Add a prompt"
        start={<BackLink to={paths.categories} label="Back to categories" />}
      />
      <main className="page new-prompt-page">{named ? <NewPromptForm /> : <SignUpFirst />}</main>
    </>
  );
}

/** The server takes prompts from named users only (SPEC §6). */
function SignUpFirst() {
  return (
    <section className="new-prompt-signup card" aria-labelledby="new-prompt-signup-title">
      <h2 id="new-prompt-signup-title">Sign up to add prompts</h2>
      <p>
        A prompt you add is yours to answer straight away and, once Müse approves it, everyone's.
        Adding prompts needs a Müse profile; your answers come with you.
      </p>
      <div className="new-prompt-signup-actions">
        <Link className="button" to={signUpPath} state={{ from: paths.newPrompt }}>
          Sign up
        </Link>
        <Link className="button button-quiet" to={paths.login} state={{ from: paths.newPrompt }}>
          Sign in
        </Link>
      </div>
    </section>
  );
}

function NewPromptForm() {
  const navigate = useNavigate();
  const categories = useAppState((s) => s.categories);
  const [title, setTitle] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState('');
  const textId = useId();
  const errorId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const togglesRef = useRef<HTMLDivElement>(null);
  const titleMissing = error !== '' && title.trim() === '';
  const categoriesMissing = error !== '' && !titleMissing && picked.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = newPromptError({ title, categories: picked });
    if (message) {
      setError(message);
      if (title.trim() === '') textRef.current?.focus();
      else togglesRef.current?.querySelector('button')?.focus();
      return;
    }
    const { user, categories: order } = getState();
    const prompt = buildPrompt({
      id: newId(),
      title,
      categories: picked,
      order,
      user,
      now: new Date(),
    });
    void createPrompt(prompt);
    showStatus(PROMPT_SUBMITTED);
    // Yours to answer now (it is in your own prompts); others see it once approved.
    void navigate(promptPath(prompt._id));
  };

  return (
    <form className="new-prompt-form" noValidate onSubmit={submit}>
      <p className="page-intro">
        Write a question worth sitting with. You can answer it at once; once Müse approves it,
        others can too.
      </p>
      <label htmlFor={textId} className="new-prompt-label">
        Your prompt
      </label>
      <textarea
        id={textId}
        ref={textRef}
        className="field new-prompt-text"
        value={title}
        maxLength={MAX_PROMPT_TITLE}
        rows={3}
        placeholder="What would you like to reflect on?"
        aria-invalid={titleMissing || undefined}
        aria-describedby={titleMissing ? errorId : undefined}
        onChange={(event) => {
          // SPEC §5: the first letter is capitalised as typed.
          setTitle(capitaliseFirst(event.target.value));
          setError('');
        }}
      />
      <fieldset
        className="new-prompt-categories"
        aria-describedby={categoriesMissing ? errorId : undefined}
      >
        <legend className="new-prompt-label">Categories</legend>
        <div ref={togglesRef} className="category-toggles">
          {categories.map((name) => {
            const on = picked.includes(name);
            return (
              <button
                key={name}
                type="button"
                className="category-toggle"
                aria-pressed={on}
                onClick={() => {
                  setPicked((list) => toggleCategory(list, name));
                  setError('');
                }}
              >
                {name}
              </button>
            );
          })}
        </div>
      </fieldset>
      <p id={errorId} className="new-prompt-error" role="alert">
        {error}
      </p>
      <button type="submit" className="button new-prompt-submit">
        Add prompt
      </button>
    </form>
  );
}
