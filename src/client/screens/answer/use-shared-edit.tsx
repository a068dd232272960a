import { type ReactNode, useEffect, useRef } from 'react';
import { useAppState } from '#client/state/store/app-store.ts';
import { useStoreSelector } from '#client/state/store/store.ts';
import {
  askAboutWorldCopy,
  beginSharedEdit,
  type SharedEditChoice,
  sharedEditChoice,
  worldCopyQuestion,
} from '#client/state/world/shared-copy.ts';
import type { Answer } from '#shared/api/answers.ts';
import { SharedBadge } from './shared-badge.tsx';

export type SharedEdit = {
  /** The badge for a shared answer, or null. */
  badge: ReactNode;
  /** Call on every edit of the text: the session changed the answer. */
  onEdit: () => void;
  /** Call after Save (it stays on the entry): a shared answer changed in this session asks. */
  onSaved: () => void;
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

const choicesMade = (q: { choices: number }) => q.choices;

/**
 * Decision 015 in the editor: a shared answer shows its badge with Unshare, and an editing
 * session (this editor's life for this answer) that changed it asks "Update the shared copy
 * too?" once the person is done: after Save, or as they leave the entry (Done, Back, anywhere
 * else) — never while they type (issue 35 point 4). The question is the app's
 * (WorldCopyQuestion), so it is still asked on the screen they went on to.
 */
export function useSharedEdit(
  draft: Answer | null,
  saved: Answer | null,
  unshareWithConfirm: (answerId: string) => void,
): SharedEdit {
  const name = useAppState((s) => s.user.name);
  useStoreSelector(worldCopyQuestion, choicesMade);
  const edited = useRef(false);
  const answerId = draft?._id ?? null;

  useEffect(() => {
    if (!answerId) return;
    edited.current = false;
    beginSharedEdit(answerId);
    // Leaving the entry: declared after the editor's session, whose end has saved it by now.
    return () => {
      if (edited.current) askAboutWorldCopy(answerId);
    };
  }, [answerId]);

  const onEdit = () => {
    edited.current = true;
  };
  const onSaved = () => {
    if (answerId && edited.current) askAboutWorldCopy(answerId);
  };
  if (!draft || !saved || saved.shared !== true) return { badge: null, onEdit, onSaved };

  return {
    badge: (
      <SharedBadge
        anonymous={saved.anonymous}
        name={name}
        sharedOn={saved.sharedOn}
        note={sharedNote(sharedEditChoice(saved._id), saved.text, saved.sharedText)}
        onUnshare={() => unshareWithConfirm(saved._id)}
      />
    ),
    onEdit,
    onSaved,
  };
}
