import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '#client/test-support/fixtures.ts';
import { renderApp } from '#client/test-support/render-app.tsx';

// SPEC §5's messages on /login, as a person meets them: in order, each in the form's alert,
// and (issue 35) the greyed button saying why it is grey before it is pressed. Moved from
// tests/browser/accounts.spec.ts, whose story keeps the screenshots and the layout.

/** An anonymous visitor: an id, no name (what start-up leaves for a first visit). */
const VISITOR = { user: buildUser() };

const alert = () => screen.getByRole('alert');

describe('/login in sign-in mode', () => {
  it('greys the button, and pressing it says what is missing, field by field', async () => {
    const user = userEvent.setup();
    await renderApp('/login', { state: VISITOR });
    const signIn = await screen.findByRole('button', { name: 'Sign in' });
    expect(document.title).toBe('Müse | Sign in');
    const name = screen.getByLabelText('Name or email');
    const password = screen.getByLabelText('Password');
    expect(signIn).toHaveAttribute('aria-disabled', 'true');

    await user.click(signIn);
    expect(alert()).toHaveTextContent('Please enter your name/email and password');
    expect(name).toHaveFocus();
    await user.type(password, 'x');
    await user.click(signIn);
    expect(alert()).toHaveTextContent('Please enter your name or email');
    await user.clear(password);
    await user.type(name, 'someone');
    await user.click(signIn);
    expect(alert()).toHaveTextContent('Please enter your password');
    await user.type(password, 'x');
    expect(signIn).toHaveAttribute('aria-disabled', 'false');
    expect(alert()).toHaveTextContent('');
  });
});

describe('/login in sign-up mode', () => {
  it('switches to sign-up in the URL and the title', async () => {
    const user = userEvent.setup();
    await renderApp('/login', { state: VISITOR });
    await user.click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(window.location.pathname + window.location.search).toBe('/login?mode=signup');
    expect(await screen.findByRole('form', { name: 'Sign up' })).toBeInTheDocument();
    expect(document.title).toBe('Müse | Sign up');
  });

  it('says why the greyed button is grey before it is pressed (issue 35)', async () => {
    const user = userEvent.setup();
    await renderApp('/login?mode=signup', { state: VISITOR });
    const signUp = await screen.findByRole('button', { name: 'Sign up' });
    await user.type(screen.getByLabelText('Name'), 'Maya');
    await user.type(screen.getByLabelText('Email'), 'maya@example');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    expect(signUp).toHaveAttribute('aria-disabled', 'true');
    expect(signUp).toHaveAccessibleDescription('Please enter your valid email');
    expect(screen.getByText('Please enter your valid email')).toBeVisible();
    await user.type(screen.getByLabelText('Email'), '.com');
    expect(signUp).toHaveAttribute('aria-disabled', 'false');
    expect(signUp).toHaveAccessibleDescription('');
  });

  it.each([
    [['', '', ''], 'Please enter your name, email, and password'],
    [['', 'a@b.co', 'long enough'], 'Please enter your name'],
    [['Zed', '', 'long enough'], 'Please enter your email'],
    [['Zed', 'a@b.co', ''], 'Please enter your password'],
    [['Zed', 'not-an-email', 'long enough'], 'Please enter your valid email'],
    // The server's own rule, said before sending rather than after.
    [['Zed', 'a@b.co', 'short'], 'Passwords are at least 8 characters'],
  ])('pressing Sign up with %j says "%s" and sends nothing', async (fields, expected) => {
    const user = userEvent.setup();
    const { server } = await renderApp('/login?mode=signup', { state: VISITOR });
    const signUp = await screen.findByRole('button', { name: 'Sign up' });
    const [name, email, password] = fields;
    if (name) await user.type(screen.getByLabelText('Name'), name);
    if (email) await user.type(screen.getByLabelText('Email'), email);
    if (password) await user.type(screen.getByLabelText('Password'), password);
    await user.click(signUp);
    expect(alert()).toHaveTextContent(expected);
    expect(signUp).toHaveAttribute('aria-disabled', 'true');
    expect(server.calls).toEqual([]);
  });

  it('links to the privacy policy and the terms', async () => {
    await renderApp('/login?mode=signup', { state: VISITOR });
    expect(await screen.findByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(screen.getByRole('link', { name: 'terms' })).toHaveAttribute('href', '/terms');
  });
});
