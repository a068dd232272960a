/** Addresses a link in an answer may open: the web and mail, nothing a browser would run. */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The address to put in a link written in an answer, or null when it must stay words: only
 * whole http(s) and mailto addresses pass, so `javascript:`, `data:`, `vbscript:`, relative
 * paths and anything the URL parser cannot read are dropped.
 */
export function safeHref(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
}
