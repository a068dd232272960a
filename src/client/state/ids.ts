/**
 * A new id for a user, answer or prompt: 32 hex characters from a random UUID (the server
 * accepts /^[A-Za-z0-9_-]{1,64}$/). Falls back to getRandomValues where randomUUID is missing
 * (it needs a secure context, and a LAN address over plain http is not one).
 */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
