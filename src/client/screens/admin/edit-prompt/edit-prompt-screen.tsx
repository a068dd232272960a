import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '#client/routes.ts';
import { savePromptEdit } from '#client/state/admin/admin-actions.ts';
import type { AppState } from '#client/state/store/app-state.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { showStatus } from '#client/state/store/status.ts';
import type { PromptStatus } from '#shared/api/prompts.ts';
import { AdminPage } from '../admin-page.tsx';
import { PromptForm } from '../prompt-form.tsx';

const STATUS_LABELS: Record<PromptStatus, string> = {
  approved: 'Approved',
  submitted: 'Waiting for review',
  rejected: 'Rejected',
};

function findPrompt(state: AppState, id: string) {
  return (
    state.prompts.find((p) => p._id === id) ??
    state.adminData.prompts?.find((p) => p._id === id) ??
    state.myPrompts.find((p) => p._id === id) ??
    null
  );
}

/** SPEC §2 /editPrompt: a prompt's text and categories (/editPrompt?prompt={id}). */
export function EditPromptScreen() {
  return (
    <AdminPage title="Edit prompt" back={{ to: paths.managePrompts, label: 'Back to prompts' }}>
      <EditPrompt />
    </AdminPage>
  );
}

function EditPrompt() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('prompt') ?? '';
  const prompt = useAppState((s) => findPrompt(s, id));
  const loaded = useAppState((s) => s.loaded.prompts);

  if (!prompt) {
    if (!loaded) return <p className="loading">Loading…</p>;
    return (
      <div className="admin-empty">
        <p>That prompt is not here any more.</p>
        <Link className="button button-quiet" to={paths.managePrompts}>
          Back to prompts
        </Link>
      </div>
    );
  }
  // SPEC §4: editing replaces the prompt everywhere and updates the current answer's title.
  return (
    <>
      <p className="page-intro">
        {prompt.user_name ? `By ${prompt.user_name}` : 'From the Müse library'} ·{' '}
        {STATUS_LABELS[prompt.status]}
      </p>
      <PromptForm
        key={prompt._id}
        initial={prompt}
        submitLabel="Save prompt"
        onSubmit={(fields) => savePromptEdit(prompt, fields)}
        onDone={() => {
          showStatus('Prompt saved');
          void navigate(paths.managePrompts);
        }}
      />
    </>
  );
}
