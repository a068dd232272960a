// Navigation from outside React: start-up sends a first visit from / to /home, and may do so
// before the router is mounted. While it is mounted, the router lends its `navigate` here
// (router.tsx); before that the address is replaced in place, and the router reads it when it
// mounts.

type Navigate = (path: string, options: { replace: true }) => void;

let routerNavigate: Navigate | null = null;

/** Replaces the address with `path`: through the router once it is mounted, in place before. */
export function replacePath(path: string): void {
  if (routerNavigate) routerNavigate(path, { replace: true });
  else history.replaceState(history.state, '', path);
}

/** The router's `navigate` while it is mounted, null after (and between tests). */
export function setRouterNavigate(navigate: Navigate | null): void {
  routerNavigate = navigate;
}
