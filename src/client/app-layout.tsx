import { Outlet } from 'react-router';
import { SideMenu } from './components/side-menu.tsx';
import { StatusBanner } from './components/status-banner.tsx';

/** Around every screen: the status banner and the side menu (SPEC §2, §4). */
export function AppLayout() {
  return (
    <>
      <Outlet />
      <StatusBanner />
      <SideMenu />
    </>
  );
}
