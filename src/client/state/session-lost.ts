// A 401 from a user call means the session cookie is gone (expired, cleared, or the account was
// removed). Start-up decides what to do about it; writes and loads only report it here.

import { onReset } from './store/module-state.ts';

let handler: () => void = () => {};

// Start-up sets the handler; a test that set its own does not leave it to the next.
onReset(() => {
  handler = () => {};
});

export function onSessionLost(next: () => void): void {
  handler = next;
}

export function reportSessionLost(): void {
  handler();
}
