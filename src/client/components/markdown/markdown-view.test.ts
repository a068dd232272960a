import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownView, type MarkdownViewProps } from './markdown-view.tsx';
import { safeHref } from './safe-href.ts';

const render = (text: string, props: Partial<MarkdownViewProps> = {}) =>
  renderToStaticMarkup(createElement(MarkdownView, { text, ...props }));

/** Every tag name in rendered markup. */
const tagsOf = (html: string) => [...html.matchAll(/<([a-z0-9]+)[\s>/]/g)].map((m) => m[1]);

describe('MarkdownView', () => {
  it('renders CommonMark: emphasis, lists, quotes, code, headings below the page', () => {
    const html = render(
      '# Day\n\n**bold** and *soft*\n\n- one\n- two\n\n> quoted\n\n`code`\n\n1. first',
    );
    expect(html).toContain('<h2>Day</h2>');
    expect(html).toContain('<strong>bold</strong> and <em>soft</em>');
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(html).toContain('<blockquote><p>quoted</p></blockquote>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<ol start="1"><li>first</li></ol>');
    expect(render('# Day', { headingBase: 3 })).toBe('<h3>Day</h3>');
  });

  it('makes no live markup of hostile input: raw HTML stays text', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      '<iframe src="https://evil.example"></iframe>',
      'inline <b onmouseover="alert(1)">bold</b> tag',
      '<svg onload=alert(1)>',
      '<a href="javascript:alert(1)">a</a>',
    ].join('\n\n');
    const html = render(hostile);
    expect(tagsOf(html).filter((tag) => tag !== 'p')).toEqual([]);
    expect(html).not.toMatch(/<(script|img|iframe|svg|b|a)[\s>]/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('&lt;iframe');
  });

  it('drops dangerous link addresses and keeps the words', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      '/relative/path',
    ]) {
      const html = render(`[click me](${url})`);
      expect(html, url).toBe('<p>click me</p>');
    }
    expect(render('[x]: javascript:alert(1)\n\n[x]')).toBe('<p>x</p>');
  });

  it('opens web links in a new tab without a path back (noopener noreferrer nofollow)', () => {
    expect(render('[Müse](https://example.com/a?b=1)')).toBe(
      '<p><a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">Müse<span class="visually-hidden"> (opens in a new tab)</span></a></p>',
    );
    expect(render('<mailto:hi@example.com>')).toBe(
      '<p><a href="mailto:hi@example.com" rel="noopener noreferrer nofollow">mailto:hi@example.com</a></p>',
    );
  });

  it('never fetches a picture: it becomes a link named by its description', () => {
    const html = render('![a cat](https://tracker.example/pixel.gif)');
    expect(html).not.toContain('<img');
    expect(html).toContain('href="https://tracker.example/pixel.gif"');
    expect(html).toContain('Picture: a cat');
    expect(render('![x](javascript:alert(1))')).toBe('<p>Picture: x</p>');
  });

  it('decodes HTML entities as characters, never as markup', () => {
    const html = render('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &copy; &#60;b&#62;');
    expect(html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; © &lt;b&gt;</p>');
  });

  it('marks the words a search found, inside the rendered text', () => {
    expect(render('**walked** the dog', { query: 'dog' })).toBe(
      '<p><strong>walked</strong> the <mark>dog</mark></p>',
    );
  });
});

describe('safeHref', () => {
  it('keeps http(s) and mailto, drops the rest', () => {
    expect(safeHref('https://example.com')).toBe('https://example.com/');
    expect(safeHref(' http://example.com/x ')).toBe('http://example.com/x');
    expect(safeHref('mailto:a@example.com')).toBe('mailto:a@example.com');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('\tjavascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('file:///etc/passwd')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('')).toBeNull();
  });
});
