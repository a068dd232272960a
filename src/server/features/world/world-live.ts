import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { AppDeps } from '#server/deps.ts';
import { clientKey } from '#server/plugins/client-address.ts';
import type { ApiPath } from '#shared/api/endpoints.ts';
import { type LiveEvent, type LiveEventName, liveEventSchemas } from '#shared/api/world-live.ts';
import { currentHour } from '#shared/domain/hour.ts';
import { liveStreamCap } from './live-stream-cap.ts';
import { joinedBetween, liveAnswer } from './world.service.ts';
import type { WorldEvent } from './world-events.ts';

/** How many recent events a reconnecting /world can catch up on (Last-Event-ID). */
const REPLAY_EVENTS = 200;
/** A comment line this often keeps proxies from closing an idle stream; nothing else is sent. */
export const HEARTBEAT_MS = 25_000;
/** EventSource waits this long before reconnecting after a drop. */
const RETRY_MS = 2_000;
/** A client over its own cap is told to come back this much later (Retry-After, seconds). */
const OVER_CAP_RETRY_S = 60;
/** How often the clock is looked at for the turn of the hour (a comparison; a query when it turned). */
const HOUR_CHECK_MS = 1_000;

type Frame = { id: string; text: string };

const WORLD_LIVE_PATH = '/api/world/live' satisfies ApiPath;

/**
 * One event as it is written to every stream: its data passes the event's schema once (fields
 * it does not list are dropped; an anonymous share naming its author throws and is not sent).
 */
function frame<N extends LiveEventName>(id: string, name: N, data: LiveEvent<N>): Frame {
  const checked = liveEventSchemas[name].parse(data);
  return { id, text: `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(checked)}\n\n` };
}

/** An event heard on the bus, and its frame once read (null while no stream has needed it). */
type Heard = { event: WorldEvent; frame: Frame | null };

/**
 * GET /api/world/live: the world feed's changes as Server-Sent Events, for anyone (the feed is
 * public). Each change heard on the bus is read once per instance and presented as a stranger
 * sees it (liveAnswer in world.service.ts), then written to every open stream; the last events
 * are kept so a reconnecting EventSource's Last-Event-ID gets what it missed. While no stream is
 * open here, an event is only kept, not read: a love then costs this instance no query, and a
 * stream that comes back reads what it missed as it is by then. An idle stream costs a socket
 * and one comment line every 25 s.
 *
 * Nobody can take every stream (issue 34, decision 052): one client (as the rate limits see it,
 * IPv6 by /64) holds at most `liveStreamsPerAddress` streams on an instance, past which it gets
 * 429 + Retry-After; the instance holds at most `liveStreamCap()` (from the file limit), past
 * which everyone gets 503; and each stream ends after about `liveStreamLifetimeMs`, to be
 * resumed by EventSource with Last-Event-ID. Every stream starts with the id of the last event
 * this instance has passed on (an `id:` line without data), so one that ends before it has
 * received any event still resumes where it started, neither losing nor repeating an event.
 * The caps are this instance's, with or without Redis: they count sockets held here.
 *
 * An anonymous share joins the world on the hour after it was shared (decision 057): nothing is
 * published when it is shared; when the hour turns, every instance finds the shares that joined
 * (by the clock, no leader) and announces each to its own streams as a new card, with an id
 * every instance gives it alike (`joined-<hour>-<answer id>`), so a stream resumed elsewhere
 * neither repeats nor misses it.
 */
export function registerWorldLive(app: FastifyInstance, deps: AppDeps): void {
  const { liveStreamsPerAddress: perClient, liveStreamLifetimeMs: lifetimeMs } = deps.config;
  const maxStreams = liveStreamCap(deps.config.maxLiveStreams);
  /** Streams that get every new event. */
  const streams = new Set<ServerResponse>();
  /** Streams open on this instance, joined or still catching up, by client. */
  const byClient = new Map<string, number>();
  let openStreams = 0;
  const recent: Heard[] = [];
  /** Before any event was heard, the id a stream starts from (it stands for "the beginning"). */
  const origin = `start-${Math.random().toString(36).slice(2, 10)}`;
  /** The id of the last event passed on in turn: where a stream joining now starts. */
  let latest = origin;
  /** Whether `recent` still holds everything since `origin`. */
  let fromOrigin = true;
  let heartbeat: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();

  new Gauge({
    name: 'muse_live_streams',
    help: 'Open /api/world/live streams on this instance',
    registers: [app.museMetrics],
    collect() {
      this.set(openStreams);
    },
  });
  new Gauge({
    name: 'muse_live_streams_max',
    help: 'Open /api/world/live streams this instance allows (from its file limit or setting)',
    registers: [app.museMetrics],
    collect() {
      this.set(maxStreams);
    },
  });

  /** One step after another, in the bus's order: reads, broadcasts and replays never interleave. */
  const inTurn = (step: () => Promise<void>, failed: () => void = () => {}) => {
    queue = queue.then(step).catch((error: unknown) => {
      app.log.warn({ err: error }, 'world live: event dropped');
      failed();
    });
  };

  // Read what a stranger may see of the changed answer; events stay in the bus's order.
  const resolve = async (event: WorldEvent): Promise<Frame | null> => {
    // The bus was away: whatever happened meanwhile is unknown here; open pages look again.
    if (event.type === 'missed') return frame(event.id, 'reset', {});
    if (event.type === 'unshared') return frame(event.id, 'removed', { _id: event.answerId });
    const answer = await liveAnswer(deps, event.answerId);
    if (!answer) return frame(event.id, 'removed', { _id: event.answerId });
    if (event.type === 'shared') return frame(event.id, 'answer', { answer });
    if (event.type === 'changed') return frame(event.id, 'changed', { answer });
    return frame(event.id, 'loves', { _id: answer._id, likes: answer.likes });
  };

  const frameOf = async (heard: Heard): Promise<Frame | null> => {
    heard.frame ??= await resolve(heard.event);
    return heard.frame;
  };

  /** What a stream that last saw `lastId` has missed; null when that is no longer known. */
  const missedAfter = (lastId: string): Heard[] | null => {
    if (lastId === latest) return [];
    const at = recent.findIndex((heard) => heard.event.id === lastId);
    if (at !== -1) return recent.slice(at + 1);
    return lastId === origin && fromOrigin ? recent.slice() : null;
  };

  /** Keeps an event for replays and passes it to every stream; run in turn. */
  const pass = async (event: WorldEvent) => {
    const heard: Heard = { event, frame: null };
    // Whether anyone is listening is asked in turn, not on arrival: a replay ahead in the queue
    // adds its stream before this runs.
    const ready = streams.size > 0 ? await frameOf(heard) : null;
    recent.push(heard);
    latest = event.id;
    if (recent.length > REPLAY_EVENTS) {
      recent.shift();
      fromOrigin = false;
    }
    if (ready) for (const stream of streams) stream.write(ready.text);
  };

  const unsubscribe = deps.worldEvents.subscribe((event) => {
    inTurn(() => pass(event));
  });

  /** The hour up to which this instance has announced the anonymous shares that joined. */
  let announcedTo = currentHour();
  const announceJoined = () => {
    const to = currentHour();
    // A clock set back is followed: what joins from there is announced again when it turns.
    if (to <= announcedTo) {
      announcedTo = to;
      return;
    }
    const from = announcedTo;
    announcedTo = to;
    inTurn(async () => {
      for (const answerId of await joinedBetween(deps, from, to)) {
        await pass({ type: 'shared', answerId, id: `joined-${to}-${answerId}` });
      }
    });
  };
  // Looked at every second rather than timed to the hour: a clock set forward or back (or a
  // process paused across the hour) is followed at once.
  const hourWatch = setInterval(announceJoined, HOUR_CHECK_MS);
  hourWatch.unref();

  const startHeartbeat = () => {
    if (heartbeat) return;
    heartbeat = setInterval(() => {
      for (const stream of streams) stream.write(': ping\n\n');
    }, HEARTBEAT_MS);
    heartbeat.unref();
  };
  const stopHeartbeatWhenIdle = () => {
    if (streams.size > 0 || !heartbeat) return;
    clearInterval(heartbeat);
    heartbeat = undefined;
  };

  app.get(WORLD_LIVE_PATH, async (request, reply) => {
    if (app.museStopping || openStreams >= maxStreams) {
      return reply.status(503).header('Retry-After', '5').send({ error: 'Try again shortly' });
    }
    const client = clientKey(request.ip);
    const held = byClient.get(client) ?? 0;
    if (perClient > 0 && held >= perClient) {
      return reply
        .status(429)
        .header('Retry-After', String(OVER_CAP_RETRY_S))
        .send({ error: 'Too many live streams from your network: try again in a minute' });
    }
    byClient.set(client, held + 1);
    openStreams += 1;
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // nginx: do not buffer this response.
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
      'X-Request-Id': String(request.id),
    });
    stream.write(`retry: ${RETRY_MS}\n\n`);
    request.raw.socket.setNoDelay(true);
    let open = true;
    // Spread over the last fifth of the lifetime, so streams opened together do not all
    // reconnect together. Ended in turn: never in the middle of a replay or a broadcast.
    const lifetime = setTimeout(
      () =>
        inTurn(async () => {
          if (!open) return;
          streams.delete(stream);
          stream.end();
        }),
      lifetimeMs * (0.8 + 0.2 * Math.random()),
    );
    lifetime.unref();
    request.raw.once('close', () => {
      open = false;
      clearTimeout(lifetime);
      streams.delete(stream);
      openStreams -= 1;
      const left = (byClient.get(client) ?? 1) - 1;
      if (left > 0) byClient.set(client, left);
      else byClient.delete(client);
      stopHeartbeatWhenIdle();
    });
    // From here on the stream gets every event after `latest`, and resumes from it.
    const join = () => {
      if (!open) return;
      stream.write(`id: ${latest}\n\n`);
      streams.add(stream);
      startHeartbeat();
    };
    const lastId = request.headers['last-event-id'];
    if (typeof lastId !== 'string' || lastId === '') {
      join();
      return;
    }
    // In turn with the bus: what it missed, read now where it was only kept, then everything new.
    inTurn(
      async () => {
        const missed = missedAfter(lastId);
        if (!missed) stream.write(frame(lastId, 'reset', {}).text);
        for (const heard of missed ?? []) {
          const text = (await frameOf(heard))?.text;
          if (text && open) stream.write(text);
        }
        join();
      },
      () => stream.end(),
    );
  });

  // Stopping: end every stream, saying when to reconnect (EventSource does, to another instance
  // behind a balancer), spread over 1-3 s so the streams of a whole instance do not come at once.
  app.addHook('preClose', async () => {
    unsubscribe();
    clearInterval(hourWatch);
    for (const stream of streams) {
      stream.end(`retry: ${1_000 + Math.floor(Math.random() * 2_000)}\n\n`);
    }
    streams.clear();
    stopHeartbeatWhenIdle();
    if (heartbeat) clearInterval(heartbeat);
  });
  app.addHook('onClose', async () => {
    await deps.worldEvents.close();
  });
}
