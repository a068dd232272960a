import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchPhotos } from '#client/api/photos.ts';
import type { Answer } from '#shared/api/answers.ts';
import { MESSAGES } from '#shared/domain/validation-messages.ts';
import { paths, signUpPath } from '../routes.ts';
import { saveDraftIfChanged } from '../state/answers/answer-draft.ts';
import { getState, setState, useAppState } from '../state/store/app-store.ts';
import { showStatus } from '../state/store/status.ts';
import { shareAnswer, unshareAnswer, WORLD_CALL_FAILED } from '../state/world/world-actions.ts';
import type { SheetAction } from './action-sheet.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ShareAsWhomDialog, ShareToMenu } from './share-dialogs.tsx';

export type ShareFlow = {
  /** SPEC §4 Share modal: a named user picks who shares it; anyone else goes to sign up. */
  share: (answerId: string) => void;
  /** Unshare, after a confirmation. */
  unshare: (answerId: string) => void;
  /** The share-to menu (Email, Twitter, LinkedIn, Facebook). */
  shareTo: () => void;
  /** Share, or Share to… and Unshare for one already shared (for an action sheet). */
  actionsFor: (answer: Answer | null) => SheetAction[];
  /** The dialogs: render them once beside the screen. */
  dialogs: ReactNode;
};

/**
 * Sharing an answer to the world (SPEC §2 Modals, §4 Sharing and Share modal), wherever an
 * answer is shown: the answer screen's action sheet, My answers and /shared.
 */
export function useShareFlow(): ShareFlow {
  const navigate = useNavigate();
  const location = useLocation();
  const name = useAppState((s) => s.user.name);
  const [choosing, setChoosing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shareToOpen, setShareToOpen] = useState(false);
  const [unsharing, setUnsharing] = useState<string | null>(null);
  // The entry's photos are asked about, not shared by default (decision 062).
  const [photoCount, setPhotoCount] = useState(0);
  const [sharePhotos, setSharePhotos] = useState(false);

  const share = (answerId: string) => {
    if (!getState().user.name.trim()) {
      // Signed up, the login screen brings them back here to share.
      void navigate(signUpPath, { state: { from: location.pathname } });
      return;
    }
    // The server can only share what it has: the answer being written is saved first.
    if (getState().answer?._id === answerId) saveDraftIfChanged();
    setPhotoCount(0);
    setSharePhotos(false);
    setChoosing(answerId);
    if (!navigator.onLine) return;
    fetchPhotos(answerId).then(
      (photos) => setPhotoCount(photos.length),
      () => setPhotoCount(0),
    );
  };

  const choose = async (anonymous: boolean) => {
    if (!choosing || busy) return;
    setBusy(true);
    const withPhotos = sharePhotos && photoCount > 0;
    const shared = await shareAnswer(choosing, anonymous, withPhotos);
    // A sealed photo goes from here, opened: the server cannot make the world a copy of it.
    if (shared && withPhotos && getState().user.encryption) {
      await import('../state/answers/photo-sealing.ts')
        .then((sealing) => sealing.publishSealedPhotos(choosing))
        .catch((error: unknown) => console.warn('Müse could not share every photo', error));
    }
    setBusy(false);
    setChoosing(null);
    if (!shared) {
      showStatus(WORLD_CALL_FAILED, true);
      return;
    }
    // The feed opens at its top, where the new answer now is.
    setState({ worldAnswerId: null });
    showStatus(anonymous ? MESSAGES.sharedAnonymously : MESSAGES.sharedSuccessfully);
    void navigate(paths.world);
  };

  const confirmUnshare = async () => {
    const answerId = unsharing;
    setUnsharing(null);
    if (!answerId) return;
    if (await unshareAnswer(answerId)) showStatus('Answer unshared');
    else showStatus(WORLD_CALL_FAILED, true);
  };

  const actionsFor = (answer: Answer | null): SheetAction[] => {
    if (!answer || answer.text.trim() === '') return [];
    if (!answer.shared) return [{ label: 'Share', onSelect: () => share(answer._id) }];
    return [
      { label: 'Share to…', onSelect: () => setShareToOpen(true) },
      { label: 'Unshare', onSelect: () => setUnsharing(answer._id) },
    ];
  };

  const dialogs = (
    <>
      <ShareAsWhomDialog
        open={choosing !== null}
        name={name}
        busy={busy}
        onChoose={(anonymous) => void choose(anonymous)}
        photos={{ count: photoCount, shared: sharePhotos, onChange: setSharePhotos }}
        onClose={() => {
          if (!busy) setChoosing(null);
        }}
      />
      <ShareToMenu open={shareToOpen} onClose={() => setShareToOpen(false)} />
      <ConfirmDialog
        open={unsharing !== null}
        title="Unshare this answer?"
        message="It leaves the world feed and stays in your journal. You can share it again later."
        confirmLabel="Unshare"
        onCancel={() => setUnsharing(null)}
        onConfirm={() => void confirmUnshare()}
      />
    </>
  );

  return {
    share,
    unshare: setUnsharing,
    shareTo: () => setShareToOpen(true),
    actionsFor,
    dialogs,
  };
}
