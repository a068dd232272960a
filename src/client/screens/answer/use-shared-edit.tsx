import { type ReactNode, useEffect, useState } from 'react';
import { useAppState } from '#client/state/app-store.ts';
import {
  beginSharedEdit,
  keepWorldCopy,
  type SharedEditChoice,
  updateWorldCopy,
} from '#client/state/shared-copy.ts';
import { showStatus } from '#client/state/status.ts';
import { unshareAnswer, WORLD_CALL_FAILED } from '#client/state/world-actions.ts';
import type { Answer } from '#shared/api/answers.ts';
import { SharedBadge } from './shared-badge.tsx';
import { type SharedEditAnswer, UpdateSharedDialog } from './update-shared-dialog.tsx';

export type SharedEdit = {
  /** The badge for a shared answer, or null. */
  badge: ReactNode;
  /** Call on every edit of the text: the first one of a shared answer asks. */
  onEdit: () => void;
  dialog: ReactNode;
};

/** What the badge adds under its name: where the person's changes go. */
export function sharedNote(
  choice: SharedEditChoice,
  text: string,
  sharedText: string | null | undefined,
): string | null {
  if (choice === 'update') return 'Changes you save go to the world too.';
  if (sharedText != null && sharedText !== text) {
    return 'The world shows an earlier version; your changes stay private.';
  }
  return null;
}

/**
 * The dialog gives focus back to the text when it closes, but Chromium still treats the text as
 * behind the modal until the next frame: typed keys reach it as keydowns and insert nothing. A
 * fresh focus a frame later makes typing on work (a keyboard user goes straight on writing).
 */
function refocusAfterDialog(): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLTextAreaElement)) return;
    active.blur();
    active.focus();
  });
}

/**
 * Decision 015 in the editor: a shared answer shows its badge with Unshare, and the first edit
 * of an editing session (this editor's life for this answer) asks "Update the shared copy too?".
 */
export function useSharedEdit(
  draft: Answer | null,
  saved: Answer | null,
  unshareWithConfirm: (answerId: string) => void,
): SharedEdit {
  const name = useAppState((s) => s.user.name);
  const [choice, setChoice] = useState<SharedEditChoice>('ask');
  const [asking, setAsking] = useState(false);
  const answerId = draft?._id ?? null;

  useEffect(() => {
    if (answerId) beginSharedEdit(answerId);
  }, [answerId]);

  const shared = saved?.shared === true;
  if (!draft || !saved || !shared) return { badge: null, onEdit: () => {}, dialog: null };
  const anonymous = saved.anonymous;

  const choose = async (picked: SharedEditAnswer) => {
    setAsking(false);
    refocusAfterDialog();
    if (picked === 'keep') {
      keepWorldCopy(saved._id);
      setChoice('keep');
    } else if (picked === 'update') {
      setChoice('update');
      await updateWorldCopy(saved._id);
    } else {
      // Private from here on, while the unshare is on its way too: never asked again.
      keepWorldCopy(saved._id);
      setChoice('keep');
      if (await unshareAnswer(saved._id)) showStatus('Answer unshared');
      else showStatus(WORLD_CALL_FAILED, true);
    }
  };

  return {
    badge: (
      <SharedBadge
        anonymous={anonymous}
        name={name}
        sharedOn={saved.sharedOn}
        note={sharedNote(choice, saved.text, saved.sharedText)}
        onUnshare={() => unshareWithConfirm(saved._id)}
      />
    ),
    onEdit: () => {
      if (choice === 'ask') setAsking(true);
    },
    dialog: (
      <UpdateSharedDialog
        open={asking}
        anonymous={anonymous}
        name={name}
        onChoose={(picked) => void choose(picked)}
      />
    ),
  };
}
