import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ConflictDialog } from './components/conflict-dialog.tsx';
import { PasscodeModal } from './components/passcode-modal.tsx';
import { RecoveryCodesDialog } from './components/recovery-codes-dialog.tsx';
import { SideMenu } from './components/side-menu.tsx';
import { StatusBanner } from './components/status-banner.tsx';
import { useRouteFocus } from './use-route-focus.ts';

/**
 * Around every screen: the status banner, the side menu, the passcode lock (SPEC §2, §4) and the
 * dialog for an answer changed on two devices (decision 013), wherever the person is by then.
 * A route change moves focus to the new page's heading (issue 16).
 */
export function AppLayout() {
  useRouteFocus();
  return (
    <>
      {/* Only a first visit to a screen not yet loaded shows the (empty) fallback: a navigation
          is a transition, which keeps the old screen until the new one's chunk is in. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <StatusBanner />
      <SideMenu />
      <PasscodeModal />
      <RecoveryCodesDialog />
      <ConflictDialog />
    </>
  );
}
