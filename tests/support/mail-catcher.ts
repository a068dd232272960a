import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { to: string; from: string; subject: string; text: string };

export type MailCatcher = {
  /** `smtp://user:pass@127.0.0.1:port`, for SMTP_URL. */
  url: string;
  messages: CaughtMail[];
  /** The first message to `to` (case-insensitive) that arrives after `after` were seen. */
  waitFor(to: string, options?: { after?: number; timeoutMs?: number }): Promise<CaughtMail>;
  close(): Promise<void>;
};

const USER = 'muse';
const PASS = 'catcher-pass';

/**
 * A real SMTP server on a free local port (the `smtp-server` package): it asks for the password
 * in the URL, parses every message it receives (mailparser) and keeps it for the test to read.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust, so no STARTTLS.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          messages.push({
            to: to?.value[0]?.address ?? '',
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
    messages,
    async waitFor(to, { after = 0, timeoutMs = 15_000 } = {}) {
      const find = () => messages.slice(after).find((m) => m.to.toLowerCase() === to.toLowerCase());
      const found = find();
      if (found) return found;
      return new Promise<CaughtMail>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no e-mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          const message = find();
          if (!message) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(message);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link in a message's text. */
export function resetLinkIn(mail: CaughtMail): URL {
  const match = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no reset link in:\n${mail.text}`);
  return new URL(match[0]);
}
