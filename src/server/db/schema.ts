// Portable column types, one truth for SQLite and PostgreSQL (decision 003): timestamps are
// ISO-8601 UTC text, calendar days are 'YYYY-MM-DD' text, flags are 0/1 integers, lists are
// JSON text.

export type UsersTable = {
  id: string;
  name: string;
  name_key: string | null;
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
  code: string | null;
  old_id: string | null;
  created_at: string;
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
  /** Where an imported answer came from (migration 009); null for answers written in Müse. */
  import_key?: string | null;
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

export type DailyPromptsTable = { day: string; prompt_id: string; set_at: string };

export type LoginThrottleTable = { account_key: string; failures: number; window_start: string };

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
  daily_prompts: DailyPromptsTable;
  login_throttle: LoginThrottleTable;
};
