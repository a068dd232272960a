// A 401 from a user call means the session cookie is gone (expired, cleared, or the account was
// removed). Start-up decides what to do about it; writes and loads only report it here.

let handler: () => void = () => {};

export function onSessionLost(next: () => void): void {
  handler = next;
}

export function reportSessionLost(): void {
  handler();
}
