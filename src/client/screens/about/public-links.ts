// The addresses every public page links to, kept in one place so that home, about, privacy and
// terms never disagree about where to write to us.

export const CONTACT_EMAIL = 'hello@muse.example';
export const JOBS_EMAIL = 'jobs@muse.example';

export type ExternalLink = { name: string; href: string };

/** Our social accounts. The handles are placeholders until the accounts are claimed. */
export const SOCIAL_LINKS: readonly ExternalLink[] = [
  { name: 'Instagram', href: 'https://www.instagram.com/musejournal' },
  { name: 'X (Twitter)', href: 'https://x.com/musejournal' },
  { name: 'Facebook', href: 'https://www.facebook.com/musejournal' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/musejournal' },
];

/**
 * A mailto: link. Subject and body are percent-encoded with encodeURIComponent (not
 * URLSearchParams, whose '+' for spaces mail clients show literally).
 */
export function mailtoHref(address: string, fields: { subject?: string; body?: string } = {}) {
  const query = Object.entries(fields)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return query ? `mailto:${address}?${query}` : `mailto:${address}`;
}

/** SPEC §2 "Rate": Müse is a web app with no store page, so a rating is an e-mail to us. */
export const RATING_MAILTO = mailtoHref(CONTACT_EMAIL, {
  subject: 'Rating Müse',
  body: 'My rating (1 to 5 stars): \n\nWhat I love: \n\nWhat could be better: \n',
});
