import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { paths, promptPath, signUpPath } from '#client/routes.ts';
import { createPrompt } from '#client/state/answers/writes.ts';
import { newId } from '#client/state/ids.ts';
import { getState, useAppState } from '#client/state/store/app-store.ts';
import { showStatus } from '#client/state/store/status.ts';
import { useTitle } from '#client/use-title.ts';
import { buildPrompt } from './new-prompt-form.ts';
import { PromptFields, usePromptDraft } from './prompt-fields.tsx';

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
  const draft = usePromptDraft();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.check()) return;
    const { user, categories: order } = getState();
    const prompt = buildPrompt({
      id: newId(),
      title: draft.title,
      categories: draft.picked,
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
      <PromptFields
        draft={draft}
        choices={categories}
        label="Your prompt"
        placeholder="What would you like to reflect on?"
      />
      <button type="submit" className="button new-prompt-submit">
        Add prompt
      </button>
    </form>
  );
}
