import { Outlet } from 'react-router';
import { PasscodeModal } from './components/passcode-modal.tsx';
import { RecoveryCodesDialog } from './components/recovery-codes-dialog.tsx';
import { SideMenu } from './components/side-menu.tsx';
import { StatusBanner } from './components/status-banner.tsx';

/** Around every screen: the status banner, the side menu and the passcode lock (SPEC §2, §4). */
export function AppLayout() {
  return (
    <>
      <Outlet />
      <StatusBanner />
      <SideMenu />
      <PasscodeModal />
      <RecoveryCodesDialog />
    </>
  );
}
