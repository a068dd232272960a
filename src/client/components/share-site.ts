import { SHARE_TEXT } from '../screens/about/share-links.ts';
import { showStatus } from '../state/store/status.ts';

/**
 * SPEC §2 side menu "Share": the system share sheet where there is one (phones), otherwise the
 * site's address is copied and a status says so.
 */
export async function shareSite(origin: string = window.location.origin): Promise<void> {
  const data = { title: 'Müse', text: SHARE_TEXT, url: origin };
  if (typeof navigator.share === 'function' && navigator.canShare?.(data) !== false) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(origin);
    showStatus('Link copied');
  } catch {
    showStatus(`Share this link: ${origin}`);
  }
}
