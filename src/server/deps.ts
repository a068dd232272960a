import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Mailer } from './features/auth/mailer.ts';
import type { PasswordHasher } from './features/auth/passwords.ts';
import type { PictureStorage } from './features/pictures/picture-storage.ts';
import type { WorldEvents } from './features/world/world-events.ts';

/** What every feature's routes are given: no globals, so tests can build many apps. */
export type AppDeps = {
  db: Database;
  config: Config;
  passwords: PasswordHasher;
  pictures: PictureStorage;
  /** Null when no SMTP_URL is set: accounts then recover with recovery codes. */
  mailer: Mailer | null;
  /** MUSE_SECRET, or a random secret kept in the database: signs device cookies. */
  secret: string;
  /** Changes to the world feed, told to every instance (world-events.ts). */
  worldEvents: WorldEvents;
};
