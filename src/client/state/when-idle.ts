/**
 * Runs `task` when the main thread is idle (at the latest after `timeoutMs`), so work that
 * follows a pause in typing — the word count, the draft written to this device — never sits
 * in front of the next keystroke's frame (decision 027). Safari has no requestIdleCallback: a
 * zero timeout there. Returns the cancel function.
 */
export function whenIdle(task: () => void, timeoutMs = 1000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
}
