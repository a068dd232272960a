import { useNavigate } from 'react-router';
import { paths } from '#client/routes.ts';
import { createAdminPrompt } from '#client/state/admin/admin-actions.ts';
import { showStatus } from '#client/state/store/status.ts';
import { AdminPage } from '../admin-page.tsx';
import { PromptForm } from '../prompt-form.tsx';

/** SPEC §2 /newAdminPrompt: an admin's prompt goes straight into the approved library. */
export function NewAdminPromptScreen() {
  const navigate = useNavigate();
  return (
    <AdminPage title="New prompt">
      <p className="page-intro">A prompt added here is approved at once: everyone can answer it.</p>
      <PromptForm
        submitLabel="Add prompt"
        onSubmit={createAdminPrompt}
        onDone={() => {
          showStatus('Prompt added');
          void navigate(paths.managePrompts);
        }}
      />
    </AdminPage>
  );
}
