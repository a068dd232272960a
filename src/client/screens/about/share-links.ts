import { type ExternalLink, mailtoHref } from './public-links.ts';

export const SHARE_TEXT = 'Müse: a calm daily reflection journal. One thoughtful question a day.';

/** SPEC §2 share-to menu: Email, Twitter, LinkedIn and Facebook links for the site itself. */
export function buildShareLinks(origin: string): ExternalLink[] {
  const url = encodeURIComponent(origin);
  const text = encodeURIComponent(SHARE_TEXT);
  return [
    {
      name: 'Email',
      href: mailtoHref('', { subject: 'Try Müse', body: `${SHARE_TEXT}\n\n${origin}` }),
    },
    { name: 'Twitter / X', href: `https://twitter.com/intent/tweet?text=${text}&url=${url}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
  ];
}
