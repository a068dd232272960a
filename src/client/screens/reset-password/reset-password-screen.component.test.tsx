import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '#client/test-support/fixtures.ts';
import { renderApp } from '#client/test-support/render-app.tsx';

// /reset-password opened without the e-mail's token, or with a broken one (decision 014).
// Moved from tests/browser/recovery.spec.ts.

describe('/reset-password', () => {
  it.each(['/reset-password', '/reset-password?token=short'])(
    'says a link without its token is not complete (%s)',
    async (url) => {
      await renderApp(url, { state: { user: buildUser() } });
      expect(
        await screen.findByText('This reset link is not complete.', { exact: false }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save new password' })).toBeNull();
      expect(screen.getByRole('link', { name: 'ask for a new one' })).toHaveAttribute(
        'href',
        '/forgot-password',
      );
    },
  );
});
