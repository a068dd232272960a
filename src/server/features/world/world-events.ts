import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import { connectionOptions } from '#server/db/postgres.ts';
import { createRedis, redisReady } from '#server/redis.ts';

/**
 * Changes to the world feed, told to every instance: one instance shares, loves or removes;
 * all of them (itself included) hear it and tell their open /world streams, and whatever else
 * listens (a cached feed page to drop). Over PostgreSQL LISTEN/NOTIFY on one dedicated
 * connection per instance, Redis pub/sub when REDIS_URL is set, or in-process on SQLite.
 * Messages carry only the kind and the answer id: listeners read what a stranger may see
 * from the database, so nothing private or identifying travels on the bus.
 */
export type WorldChange =
  | { type: 'shared'; answerId: string }
  | { type: 'unshared'; answerId: string }
  | { type: 'loves'; answerId: string }
  | { type: 'changed'; answerId: string };

/**
 * A change as heard, with an id unique across instances and the same on all of them; or, on
 * this instance only, `missed`: the bus was out of reach for a while and changes may have gone
 * unheard (drop caches, tell streams to look again).
 */
export type WorldEvent = (WorldChange & { id: string }) | { type: 'missed'; id: string };

export type WorldEvents = {
  /** Tells every instance; never throws (the write it follows is already committed). */
  publish(change: WorldChange): Promise<void>;
  /** Hears every change from every instance, in the bus's order; returns unsubscribe. */
  subscribe(listener: (event: WorldEvent) => void): () => void;
  /** Whether this instance hears the other instances right now (for /readyz). */
  listening(): boolean;
  close(): Promise<void>;
};

type Log = { warn: (object: object, message: string) => void };

const CHANNEL = 'muse_world';
const ANSWER_ID = /^[\w.:-]{1,200}$/;

function parse(raw: string): (WorldChange & { id: string }) | null {
  try {
    const value = JSON.parse(raw) as Partial<WorldChange & { id: string }>;
    if (
      typeof value.id === 'string' &&
      typeof value.answerId === 'string' &&
      ANSWER_ID.test(value.answerId) &&
      (value.type === 'shared' ||
        value.type === 'unshared' ||
        value.type === 'loves' ||
        value.type === 'changed')
    ) {
      return { id: value.id, type: value.type, answerId: value.answerId };
    }
  } catch {
    // not ours
  }
  return null;
}

function createHub() {
  const listeners = new Set<(event: WorldEvent) => void>();
  const instance = randomBytes(4).toString('hex');
  let sequence = 0;
  return {
    nextId: () => {
      sequence += 1;
      return `${instance}-${sequence}`;
    },
    deliver(event: WorldEvent) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener: (event: WorldEvent) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** One process: hand the change straight to the listeners. */
export function inProcessWorldEvents(): WorldEvents {
  const hub = createHub();
  return {
    async publish(change) {
      const event = { ...change, id: hub.nextId() };
      queueMicrotask(() => hub.deliver(event));
    },
    subscribe: hub.subscribe,
    listening: () => true,
    async close() {},
  };
}

/** PostgreSQL: NOTIFY through the pool, LISTEN on a connection of its own that reconnects. */
function postgresWorldEvents(db: Database, url: string, log: Log): WorldEvents {
  const hub = createHub();
  let client: pg.Client | null = null;
  let closed = false;
  let listening = false;
  let outage = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client(connectionOptions(url));
    next.on('notification', (message) => {
      const event = message.channel === CHANNEL && message.payload ? parse(message.payload) : null;
      if (event) hub.deliver(event);
    });
    const reconnect = (error?: Error) => {
      if (client !== next) return;
      client = null;
      listening = false;
      next.end().catch(() => {});
      if (closed) return;
      // Once per outage, not once per retry.
      if (!outage) log.warn({ err: error }, 'world events: LISTEN connection lost, reconnecting');
      outage = true;
      retry = setTimeout(() => void connect(), 1_000);
    };
    next.on('error', reconnect);
    next.on('end', () => reconnect());
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      listening = client === next;
      if (listening && outage) hub.deliver({ type: 'missed', id: hub.nextId() });
      if (listening) outage = false;
    } catch (error) {
      reconnect(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const ready = connect();

  return {
    async publish(change) {
      const event: WorldEvent = { ...change, id: hub.nextId() };
      try {
        await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`.execute(db);
      } catch (error) {
        log.warn({ err: error }, 'world events: NOTIFY failed');
      }
    },
    subscribe: hub.subscribe,
    listening: () => listening,
    async close() {
      closed = true;
      clearTimeout(retry);
      await ready;
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}

/** Redis pub/sub: a publishing connection and a subscribed one (ioredis reconnects both). */
function redisWorldEvents(url: string, prefix: string, log: Log): WorldEvents {
  const hub = createHub();
  const channel = `${prefix}world`;
  const publisher = createRedis(url, log, 'world events');
  const subscriber = createRedis(url, log, 'world events');
  subscriber.on('message', (from: string, message: string) => {
    const event = from === channel ? parse(message) : null;
    if (event) hub.deliver(event);
  });
  let subscribedOnce = false;
  let lost = false;
  subscriber.on('close', () => {
    if (subscribedOnce) lost = true;
  });
  subscriber.on('ready', () => {
    // ioredis subscribes again on reconnect; what was published meanwhile is gone.
    if (!lost) return;
    lost = false;
    hub.deliver({ type: 'missed', id: hub.nextId() });
  });
  const subscribed = subscriber.subscribe(channel).then(
    () => {
      subscribedOnce = true;
    },
    (error: unknown) => log.warn({ err: error }, 'world events: SUBSCRIBE failed'),
  );
  return {
    async publish(change) {
      const event: WorldEvent = { ...change, id: hub.nextId() };
      // Redis away: the write is committed; do not hold its answer for a reconnect. Every
      // subscriber is cut off too and tells its streams to look again (`missed`) once back.
      if (!redisReady(publisher)) return;
      try {
        await publisher.publish(channel, JSON.stringify(event));
      } catch (error) {
        log.warn({ err: error }, 'world events: PUBLISH failed');
      }
    },
    subscribe: hub.subscribe,
    // ioredis subscribes again by itself after a reconnect.
    listening: () => subscribedOnce && subscriber.status === 'ready',
    async close() {
      await subscribed;
      await Promise.all([
        subscriber.quit().catch(() => subscriber.disconnect()),
        publisher.quit().catch(() => publisher.disconnect()),
      ]);
    },
  };
}

export function createWorldEvents(config: Config, db: Database, log: Log): WorldEvents {
  if (config.redisUrl) return redisWorldEvents(config.redisUrl, config.redisPrefix, log);
  if (config.database.kind === 'postgres') return postgresWorldEvents(db, config.database.url, log);
  return inProcessWorldEvents();
}
