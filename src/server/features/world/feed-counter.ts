import pg from 'pg';
import { type Database, finishedWrites, postgresUrl } from '#server/db/database.ts';
import { connectionOptions } from '#server/db/postgres.ts';
import { readFeedVersion } from './world.repo.ts';

// On PostgreSQL the feed's change counter (migration 012) also arrives by NOTIFY: the trigger
// that bumps it sends the new value on channel muse_feed, delivered at COMMIT to every instance.
// A visitor, who has no session and so cannot have just loved or shared anything, is served the
// page cached under the latest value heard, without a query; everyone signed in still reads the
// counter with their request, so a person always sees their own change at once (decision 030).
// A visitor may so see another instance's change a few milliseconds late (the notification's
// way), never this instance's own: after this instance has written anything (finishedWrites),
// the next visitor reads the counter. While the LISTEN connection is down (or not yet up)
// nothing is pushed and visitors read it too.

const CHANNEL = 'muse_feed';
const RETRY_MS = 1_000;

type Listener = {
  /** The latest value heard (or read), null while not listening. */
  latest: number | null;
  /** finishedWrites when the counter was last read: later writes of ours may not be heard yet. */
  readAfterWrites: number;
  users: number;
  close: () => Promise<void>;
};
const listeners = new WeakMap<Database, Listener>();

/**
 * The change counter for a visitor's read. PostgreSQL: the value last heard by NOTIFY when that
 * covers everything this instance has written, else read from the database. SQLite: read (one
 * indexed row of a local file).
 */
export async function counterForVisitor(db: Database): Promise<number> {
  const listener = listeners.get(db);
  const writes = finishedWrites(db) ?? 0;
  if (listener?.latest != null && listener.readAfterWrites === writes) return listener.latest;
  const value = await readFeedVersion(db);
  if (listener?.latest != null) {
    listener.latest = Math.max(listener.latest, value);
    listener.readAfterWrites = Math.max(listener.readAfterWrites, writes);
  }
  return value;
}

type Log = { warn: (object: object, message: string) => void };

/** Starts hearing the counter for `db` (PostgreSQL only); returns the stop. Shared per database. */
export function listenForFeedCounter(db: Database, log: Log): () => Promise<void> {
  const url = postgresUrl(db);
  if (!url) return async () => {};
  const existing = listeners.get(db);
  if (existing) {
    existing.users += 1;
    return once(() => release(db, existing));
  }
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let warned = false;
  const listener: Listener = {
    latest: null,
    readAfterWrites: 0,
    users: 1,
    async close() {
      closed = true;
      clearTimeout(retry);
      listener.latest = null;
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
  const connect = async () => {
    if (closed) return;
    const next = new pg.Client(connectionOptions(url));
    // Values heard before the first read are kept and compared with it.
    let heard = 0;
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || client !== next) return;
      const value = Number(message.payload);
      if (!Number.isFinite(value)) return;
      heard = Math.max(heard, value);
      if (listener.latest !== null) listener.latest = Math.max(listener.latest, value);
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      listener.latest = null;
      next.end().catch(() => {});
      if (closed) return;
      if (!warned) log.warn({ err: error }, 'feed counter: LISTEN connection lost, reconnecting');
      warned = true;
      retry = setTimeout(() => void connect(), RETRY_MS);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      const writesBefore = finishedWrites(db) ?? 0;
      // Listening first, then reading: whatever commits after the read is heard.
      const { rows } = await next.query<{ n: number }>('select n from feed_version where id = 1');
      if (client === next) {
        listener.latest = Math.max(heard, Number(rows[0]?.n ?? 0));
        listener.readAfterWrites = writesBefore;
        warned = false;
      }
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
    }
  };
  void connect();
  listeners.set(db, listener);
  return once(() => release(db, listener));
}

function once(stop: () => Promise<void>): () => Promise<void> {
  let stopped: Promise<void> | null = null;
  return () => {
    stopped ??= stop();
    return stopped;
  };
}

async function release(db: Database, listener: Listener): Promise<void> {
  listener.users -= 1;
  if (listener.users > 0) return;
  if (listeners.get(db) === listener) listeners.delete(db);
  await listener.close();
}
