import nodemailer from 'nodemailer';
import type { MailConfig } from '#server/config.ts';

export type MailMessage = { to: string; subject: string; text: string };

/** Sends one e-mail; rejects when the SMTP server refuses it or cannot be reached. */
export type Mailer = { send(message: MailMessage): Promise<void>; close(): void };

/** SMTP through nodemailer, configured by `SMTP_URL` (`smtp://user:pass@host:port`). */
export function createSmtpMailer(config: MailConfig): Mailer {
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: config.from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
