// The page is going away (tab closed, reload, app switched on mobile): `pagehide` is the last
// event we can count on. Hooks run first (e.g. save the answer being written), then the state
// is written to localStorage, so what the hooks change is saved too.

type Hook = () => void;
const hooks = new Set<Hook>();

/** Runs `hook` when the page is hidden for good; returns the unsubscribe function. */
export function onPageHide(hook: Hook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

export function runPageHideHooks(): void {
  for (const hook of hooks) {
    try {
      hook();
    } catch (error) {
      console.warn('A page-hide hook failed', error);
    }
  }
}
