import type { Generated } from 'kysely';

// Portable column types, one truth for SQLite and PostgreSQL (decision 003): timestamps are
// ISO-8601 UTC text, calendar days are 'YYYY-MM-DD' text, flags are 0/1 integers, lists are
// JSON text.

export type UsersTable = {
  id: string;
  name: string;
  name_key: string | null;
  /**
   * The confusable skeleton of the name (UTS #39, migration 016): unique, so no new name looks
   * like another. Null for anonymous users, and for a look-alike kept from before it.
   */
  name_skeleton?: string | null;
  email: string | null;
  email_key: string | null;
  password_hash: string | null;
  profile_picture: string | null;
  started: string;
  streak: number;
  longest_streak: number;
  score: number;
  last: string | null;
  categories: string;
  /** The passcode as 'pbkdf2-sha256$iterations$salt$hash' (decision 014); never in clear. */
  passcode_hash: string | null;
  /** The encryption key bundle, JSON (migration 020, docs/ENCRYPTION.md); null while off. */
  key_bundle?: string | null;
  old_id: string | null;
  created_at: string;
  /** SHA-256 of the device marker an anonymous user was created with (migration 005). */
  device_hash?: string | null;
  /**
   * Bumped by the database whenever the person's answer or prompt ids change (migration 013,
   * decision 032); /api/user keeps their id lists under it. Absent on rows made in code.
   */
  owned_version?: number;
  /**
   * The public record as it stood at the end of yesterday (migration 015): kept by a trigger at
   * the first change of `public_day` (UTC), shown on that day instead of the live values.
   * Absent on rows made in code.
   */
  public_day?: string | null;
  public_score?: number;
  public_streak?: number;
  public_longest_streak?: number;
};

export type AnswersTable = {
  id: string;
  user_id: string;
  prompt_id: string | null;
  prompt_title: string;
  answered: string;
  modified: string;
  text: string;
  type: string;
  categories: string;
  shared: number;
  shared_on: string | null;
  anonymous: number;
  likes: number;
  score: number;
  profile_picture: string | null;
  /** Bumped by every change of the content (migration 002, decision 013); starts at 1. */
  revision: Generated<number>;
  /** The world's copy of a shared answer (migration 004, decision 015); null while private. */
  shared_text: string | null;
  shared_modified: string | null;
  /** Where an imported answer came from (migration 009); null for answers written in Müse. */
  import_key?: string | null;
  /** The entry's tags, a JSON list (migration 017); private to its author. */
  tags: Generated<string>;
  /**
   * The world's copy of its photos, when shared with them (migration 019, decision 062): a JSON
   * list of public copies { url, width, height }; null while none are shared.
   */
  shared_photos?: string | null;
  /** 1 when `text` is encrypted on the author's devices (migration 020); 0 for plain text. */
  encrypted?: number;
};

export type PromptsTable = {
  id: string;
  user_id: string | null;
  created: string;
  title: string;
  type: string;
  categories: string;
  status: 'submitted' | 'approved' | 'rejected';
};

export type CategoriesTable = { name: string; position: number };

export type LikesTable = { answer_id: string; user_id: string; created: string };

export type ReportsTable = { answer_id: string; user_id: string; created: string };

export type AdminsTable = { user_id: string; added_at: string };

export type SessionsTable = {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
};

export type ApiTokensTable = {
  id: string;
  token_hash: string;
  user_id: string;
  label: string;
  created_at: string;
  last_used_at: string | null;
};

export type DailyPromptsTable = { day: string; prompt_id: string; set_at: string };

export type LoginThrottleTable = { account_key: string; failures: number; window_start: string };

/** Who uploaded each stored picture (migration 006): only its uploader may set it. */
export type PicturesTable = { url: string; user_id: string; uploaded_at: string };

/** A photo attached to an entry (migration 019, decision 062): private to `user_id`. */
export type EntryPhotosTable = {
  id: string;
  user_id: string;
  answer_id: string;
  /** The file's name in the private photo store (disk or the bucket's photos/ prefix). */
  storage_key: string;
  width: number;
  height: number;
  bytes: number;
  /** Order within the entry, from 0. */
  position: number;
  created_at: string;
  /** 1 when the file is sealed on the author's devices (`p1`, migration 021); 0 for a WebP. */
  encrypted?: number;
};

/** Ids of deleted answers, kept at least 90 days so a late offline record cannot revive one. */
export type DeletedAnswersTable = { answer_id: string; user_id: string; deleted_at: string };
export type PasswordResetsTable = {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

export type RecoveryCodesTable = {
  user_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
};

export type RecoveryThrottleTable = {
  throttle_key: string;
  attempts: number;
  window_start: string;
};
/** A MUSE_ADMINS name bound to the account that held it when it first appeared. */
export type AdminGrantsTable = { name_key: string; user_id: string | null; granted_at: string };

export type AdminAuditTable = {
  id: string;
  at: string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  target: string;
};

export type ServerSecretsTable = { name: string; value: string; created_at: string };

export type AppLocksTable = { name: string; taken_at: string };
/** A per-address counter; `reset_at` is when its window ends (epoch ms). Migration 008. */
export type RateLimitsTable = { key: string; count: number; reset_at: number };

/** One row (id 1): the world feed's change counter, bumped by triggers (migration 012). */
export type FeedVersionTable = { id: number; n: number };

/** A device's Web Push subscription and the daily reminder it asked for (migration 009). */
export type PushSubscriptionsTable = {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** 'HH:MM' in `time_zone`. */
  remind_at: string;
  /** JSON list of weekdays, 0 = Sunday … 6 = Saturday. */
  days: string;
  time_zone: string;
  /** The device's local day ('YYYY-MM-DD') of the last reminder claimed; '' before the first. */
  last_sent_day: string;
  created_at: string;
};

export type DB = {
  users: UsersTable;
  answers: AnswersTable;
  push_subscriptions: PushSubscriptionsTable;
  prompts: PromptsTable;
  categories: CategoriesTable;
  likes: LikesTable;
  reports: ReportsTable;
  admins: AdminsTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  daily_prompts: DailyPromptsTable;
  login_throttle: LoginThrottleTable;
  pictures: PicturesTable;
  entry_photos: EntryPhotosTable;
  deleted_answers: DeletedAnswersTable;
  password_resets: PasswordResetsTable;
  recovery_codes: RecoveryCodesTable;
  recovery_throttle: RecoveryThrottleTable;
  admin_grants: AdminGrantsTable;
  admin_audit: AdminAuditTable;
  server_secrets: ServerSecretsTable;
  app_locks: AppLocksTable;
  rate_limits: RateLimitsTable;
  feed_version: FeedVersionTable;
};
