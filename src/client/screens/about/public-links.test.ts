import { describe, expect, it } from 'vitest';
import { CONTACT_EMAIL, mailtoHref, RATING_MAILTO } from './public-links.ts';

describe('mailtoHref', () => {
  it('is a bare address without fields', () => {
    expect(mailtoHref(CONTACT_EMAIL)).toBe('mailto:hello@muse.example');
  });

  it('percent-encodes subject and body, with %20 for spaces rather than +', () => {
    const href = mailtoHref('hello@muse.example', {
      subject: 'Rating Müse',
      body: 'Stars: 5\nWhy & how',
    });
    expect(href).toBe(
      'mailto:hello@muse.example?subject=Rating%20M%C3%BCse&body=Stars%3A%205%0AWhy%20%26%20how',
    );
    const query = new URL(href).search;
    expect(decodeURIComponent(query)).toBe('?subject=Rating Müse&body=Stars: 5\nWhy & how');
  });

  it('leaves out empty fields', () => {
    expect(mailtoHref('a@b.example', { subject: '', body: 'x' })).toBe('mailto:a@b.example?body=x');
  });
});

describe('RATING_MAILTO', () => {
  it("mails us with the subject 'Rating Müse'", () => {
    const url = new URL(RATING_MAILTO);
    expect(url.pathname).toBe('hello@muse.example');
    expect(new URLSearchParams(url.search).get('subject')).toBe('Rating Müse');
  });
});
