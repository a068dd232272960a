import { describe, expect, it } from 'vitest';
import { buildShareLinks } from './share-links.ts';

describe('buildShareLinks', () => {
  const origin = 'https://muse.example:8443';
  const links = buildShareLinks(origin);
  const byName = Object.fromEntries(links.map((link) => [link.name, new URL(link.href)]));

  it('offers Email, Twitter / X, LinkedIn and Facebook in that order', () => {
    expect(links.map((link) => link.name)).toEqual([
      'Email',
      'Twitter / X',
      'LinkedIn',
      'Facebook',
    ]);
  });

  it('points every network at the site origin', () => {
    expect(byName['Twitter / X']?.hostname).toBe('twitter.com');
    expect(byName['Twitter / X']?.searchParams.get('url')).toBe(origin);
    expect(byName['Twitter / X']?.searchParams.get('text')).toContain('Müse');
    expect(byName.LinkedIn?.searchParams.get('url')).toBe(origin);
    expect(byName.Facebook?.searchParams.get('u')).toBe(origin);
  });

  it('mails a subject and the address, with no recipient filled in', () => {
    const mail = links[0]?.href ?? '';
    expect(mail.startsWith('mailto:?')).toBe(true);
    const params = new URLSearchParams(mail.slice('mailto:?'.length));
    expect(params.get('subject')).toBe('Try Müse');
    expect(params.get('body')).toContain(origin);
  });

  it('keeps a path or query in the origin from breaking out of the parameter', () => {
    const tricky = buildShareLinks('https://muse.example/?a=1&b=2');
    const facebook = new URL(tricky[3]?.href ?? '');
    expect(facebook.searchParams.get('u')).toBe('https://muse.example/?a=1&b=2');
    expect([...facebook.searchParams.keys()]).toEqual(['u']);
  });
});
