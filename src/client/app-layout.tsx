import { lazy, Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { ConflictDialog } from './components/conflict-dialog.tsx';
import { PasscodeModal } from './components/passcode-modal.tsx';
import { RecoveryCodesDialog } from './components/recovery-codes-dialog.tsx';
import { SideMenu } from './components/side-menu.tsx';
import { StatusBanner } from './components/status-banner.tsx';
import { forgottenPasscodeLoginPath, paths } from './routes.ts';
import { WorldCopyQuestion } from './screens/answer/update-shared-dialog.tsx';
import { useAppState } from './state/store/app-store.ts';
import { useRouteFocus } from './use-route-focus.ts';

// Only an account whose entries are encrypted, on a device without the key, needs it.
const JournalUnlock = lazy(() =>
  import('./components/journal-unlock.tsx').then((m) => ({ default: m.JournalUnlock })),
);

/**
 * Around every screen: the status banner, the side menu, the passcode lock (SPEC §2, §4) and the
 * dialog for an answer changed on two devices (decision 013), wherever the person is by then.
 * A route change moves focus to the new page's heading (issue 16).
 *
 * While the passcode lock is on, the lock is all there is (issue 34 point 4): no screen, menu or
 * dialog of the journal is mounted — so nothing of it is in the page, the accessibility tree or
 * the title, and none of its buttons can be pressed. The status banner's live region stays (a
 * region that is always there is what screen readers announce) but says nothing until unlocked.
 * Unlocking mounts the journal as it was, a conflict waiting for a choice included.
 */
export function AppLayout() {
  const passcodeLocked = useAppState((s) => s.locked);
  // Encrypted entries without their key on this device: the unlock screen, and nothing else.
  const journalLocked = useAppState((s) => s.user.encryption && s.journalKey === 'missing');
  const locked = passcodeLocked || journalLocked;
  const navigate = useNavigate();
  useRouteFocus(locked);
  return (
    <>
      {passcodeLocked ? (
        <PasscodeModal onSignedOut={() => void navigate(forgottenPasscodeLoginPath)} />
      ) : journalLocked ? (
        <Suspense fallback={null}>
          <JournalUnlock onSignedOut={() => void navigate(paths.login)} />
        </Suspense>
      ) : (
        <>
          {/* Only a first visit to a screen not yet loaded shows the (empty) fallback: a
              navigation is a transition, which keeps the old screen until the new one's chunk
              is in. */}
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
          <SideMenu />
          <RecoveryCodesDialog />
          <ConflictDialog />
          {/* "Update the shared copy too?", asked as the person leaves an edited shared entry. */}
          <WorldCopyQuestion />
        </>
      )}
      <StatusBanner hidden={locked} />
    </>
  );
}
