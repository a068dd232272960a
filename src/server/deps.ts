import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Mailer } from './features/auth/mailer.ts';
import type { PasswordHasher } from './features/auth/passwords.ts';
import type { PictureStorage } from './features/pictures/picture-storage.ts';

/** What every feature's routes are given: no globals, so tests can build many apps. */
export type AppDeps = {
  db: Database;
  config: Config;
  passwords: PasswordHasher;
  pictures: PictureStorage;
  /** Null when no SMTP_URL is set: accounts then recover with recovery codes. */
  mailer: Mailer | null;
};
