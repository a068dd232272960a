import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SharedBadge, sharedLabel } from './shared-badge.tsx';

// Decision 057: an anonymous share joins the world on the hour after it was shared; its author
// sees it shared at once and is told when it joins, in their own time.

const SHARED_ON = '2026-11-27T14:00:00.000Z'; // shared at 14:37 UTC, stored at its hour
const UTC = { locale: 'en-GB', timeZone: 'UTC' };

describe('the shared badge', () => {
  it('tells the author of an anonymous share when it joins the world, in their own time', () => {
    const share = { anonymous: true, name: 'Ada', sharedOn: SHARED_ON };
    expect(sharedLabel(share, new Date('2026-11-27T14:37:00.000Z'), UTC)).toBe(
      'Shared anonymously · joins the world at 15:00',
    );
    expect(
      sharedLabel(share, new Date('2026-11-27T14:37:00.000Z'), {
        locale: 'en-GB',
        timeZone: 'Asia/Kolkata',
      }),
    ).toBe('Shared anonymously · joins the world at 20:30');
    // From the hour on it is in the world like any share.
    expect(sharedLabel(share, new Date('2026-11-27T15:00:00.000Z'), UTC)).toBe(
      'Shared anonymously',
    );
  });

  it('says nothing of an hour for a share by name: it is in the world at once', () => {
    expect(
      sharedLabel(
        { anonymous: false, name: 'Ada', sharedOn: '2026-11-27T14:37:00.000Z' },
        new Date('2026-11-27T14:37:00.000Z'),
        UTC,
      ),
    ).toBe('Shared with the world as Ada');
  });

  it('renders the words with its Unshare button', () => {
    const html = renderToStaticMarkup(
      <SharedBadge
        anonymous
        name="Ada"
        sharedOn={new Date(Date.now() + 3_600_000).toISOString()}
        note={null}
        onUnshare={() => {}}
      />,
    );
    expect(html).toContain('Shared anonymously · joins the world at ');
    expect(html).toContain('Unshare');
  });
});
