import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { logIn, signUpThroughApi } from '#tests/support/accounts.ts';
import { post, unique } from '#tests/support/factories.ts';
import { type MailCatcher, resetLinkIn, startMailCatcher } from '#tests/support/mail-catcher.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { completeReset, findLiveReset, insertPasswordReset } from './recovery.repo.ts';

// A real SMTP server (smtp-server) receives the e-mails nodemailer sends: no mock of the mailer.

describeEachDatabase('password reset by e-mail', (get) => {
  let app: FastifyInstance;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await buildTestApp(get().db, {
      publicOrigin: 'https://muse.example',
      mail: { smtpUrl: mail.url, from: 'Müse <no-reply@muse.example>' },
    });
  });
  afterAll(async () => {
    await app.close();
    await mail.close();
  });

  it('says e-mail is the way back in', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/password/recovery' });
    expect(response.json()).toEqual({ email: true });
  });

  it('mails a single-use link that sets a new password and ends every session', async () => {
    const account = await signUpThroughApi(app);
    expect(account.recoveryCodes).toBeUndefined();
    const otherDevice = await logIn(app, account.name, account.password);
    const seen = mail.messages.length;
    const asked = await post(app, '/api/password/forgot', { name: account.name.toUpperCase() });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ ok: true });

    const message = await mail.waitFor(account.email, { after: seen });
    expect(message.from).toContain('no-reply@muse.example');
    expect(message.subject).toBe('Reset your Müse password');
    const link = resetLinkIn(message);
    expect(link.origin).toBe('https://muse.example');
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token') ?? '';

    // At rest only the SHA-256 of the token, valid for 30 minutes.
    const rows = await get()
      .db.selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', account.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const lifetime =
      new Date(rows[0]?.expires_at ?? 0).getTime() - new Date(rows[0]?.created_at ?? 0).getTime();
    expect(lifetime).toBe(30 * 60 * 1000);

    const reset = await post(app, '/api/password/reset', { token, password: 'second password' });
    expect(reset.statusCode).toBe(200);
    expect((await logIn(app, account.name, account.password)).status).toBe(401);
    expect((await logIn(app, account.name, 'second password')).status).toBe(200);
    // Both sessions that existed before the reset are over.
    expect((await post(app, '/api/user', {}, account)).statusCode).toBe(401);
    expect(
      (await post(app, '/api/user', {}, { cookie: otherDevice.cookie ?? '' })).statusCode,
    ).toBe(401);

    const again = await post(app, '/api/password/reset', { token, password: 'third password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/expired or was already used/);
    expect((await logIn(app, account.name, 'second password')).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const account = await signUpThroughApi(app);
    const seen = mail.messages.length;
    await post(app, '/api/password/forgot', { name: account.email });
    const token = resetLinkIn(await mail.waitFor(account.email, { after: seen })).searchParams.get(
      'token',
    );
    await get()
      .db.updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', account.id)
      .execute();
    const late = await post(app, '/api/password/reset', { token, password: 'too late now' });
    expect(late.statusCode).toBe(400);
    expect((await logIn(app, account.name, account.password)).status).toBe(200);
  });

  // Expiry is checked where the token is looked up and again where it is spent (a link may
  // expire between the two): each check refuses an expired token on its own.
  it('refuses an expired token at the look-up and at the claim alike', async () => {
    const account = await signUpThroughApi(app);
    const token = `expired-${account.id}`;
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const now = new Date();
    await insertPasswordReset(get().db, {
      token_hash: tokenHash,
      user_id: account.id,
      created_at: new Date(now.getTime() - 31 * 60 * 1000).toISOString(),
      expires_at: new Date(now.getTime() - 60 * 1000).toISOString(),
    });
    expect(await findLiveReset(get().db, tokenHash, now.toISOString())).toBeUndefined();
    const claimed = await completeReset(
      get().db,
      { tokenHash, userId: account.id, passwordHash: 'not-a-hash', now: now.toISOString() },
      null,
    );
    expect(claimed).toBe(false);
    expect((await logIn(app, account.name, account.password)).status).toBe(200);
  });

  it('answers the same whether the account exists or not', async () => {
    const account = await signUpThroughApi(app);
    const answers = await Promise.all(
      [account.name, account.email, unique('Nobody'), 'nobody-here@example.com'].map((name) =>
        post(app, '/api/password/forgot', { name }),
      ),
    );
    const shapes = answers.map((response) => ({
      status: response.statusCode,
      body: response.body,
      cookies: response.cookies.length,
      type: response.headers['content-type'],
    }));
    for (const shape of shapes) expect(shape).toEqual(shapes[0]);
    // Both for the real account arrive; the strangers get nothing.
    await mail.waitFor(account.email);
    expect(mail.messages.some((m) => m.to === 'nobody-here@example.com')).toBe(false);
  });

  it('never answers 5xx to hostile bodies while mail is on', async () => {
    for (const url of ['/api/password/forgot', '/api/password/reset']) {
      await fc.assert(
        fc.asyncProperty(fc.anything({ maxDepth: 3 }), async (body) => {
          const response = await app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ name: body, token: body, password: body }),
          });
          expect(response.statusCode).toBeLessThan(500);
        }),
        { numRuns: 40 },
      );
    }
  });

  it('refuses broken tokens with a clear 400 and changes nothing', async () => {
    for (const token of ['', 'short', 'x'.repeat(43), `${'a'.repeat(42)}!`]) {
      const response = await post(app, '/api/password/reset', { token, password: 'long enough' });
      expect(response.statusCode).toBe(400);
    }
    const weak = await post(app, '/api/password/reset', { token: 'a'.repeat(43), password: 'x' });
    expect(weak.statusCode).toBe(400);
  });
});

describeEachDatabase('password reset limits per address', (get) => {
  let app: FastifyInstance;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await buildTestApp(get().db, {
      relaxedRateLimits: false,
      mail: { smtpUrl: mail.url, from: 'Müse <no-reply@muse.example>' },
    });
  });
  afterAll(async () => {
    await app.close();
    await mail.close();
  });

  it('never builds the link from the Host header', async () => {
    // This app has no PUBLIC_ORIGIN: the link points at the server's own HOST:PORT.
    const account = await signUpThroughApi(app);
    const seen = mail.messages.length;
    await app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { name: account.name },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      // An address of its own: the per-address limit is the next test's.
      remoteAddress: '10.9.9.9',
    });
    const link = resetLinkIn(await mail.waitFor(account.email, { after: seen }));
    expect(link.origin).toBe('http://127.0.0.1:0');
  });

  it('stops an address after 10 reset requests an hour', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push(
        (await post(app, '/api/password/forgot', { name: unique('Nobody') })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('mails one account at most 3 links an hour', async () => {
    // An app of its own: closing it waits for every e-mail it started to send.
    const own = await buildTestApp(get().db, {
      mail: { smtpUrl: mail.url, from: 'Müse <no-reply@muse.example>' },
    });
    const account = await signUpThroughApi(own);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await post(own, '/api/password/forgot', { name: account.name });
      expect(response.json()).toEqual({ ok: true });
    }
    await own.close();
    expect(mail.messages.filter((m) => m.to === account.email)).toHaveLength(3);
    const tokens = await get()
      .db.selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', account.id)
      .execute();
    expect(tokens).toHaveLength(3);
  });
});
