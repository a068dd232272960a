import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { AppDeps } from '#server/deps.ts';
import type { ApiPath } from '#shared/api/endpoints.ts';
import { type LiveEvent, type LiveEventName, liveEventSchemas } from '#shared/api/world-live.ts';
import { liveAnswer } from './world.service.ts';
import type { WorldEvent } from './world-events.ts';

/** How many recent events a reconnecting /world can catch up on (Last-Event-ID). */
const REPLAY_EVENTS = 200;
/** A comment line this often keeps proxies from closing an idle stream; nothing else is sent. */
export const HEARTBEAT_MS = 25_000;
/** EventSource waits this long before reconnecting after a drop. */
const RETRY_MS = 2_000;
/** Streams one instance keeps open at most; past it a 503 says try later. */
const MAX_STREAMS = 10_000;

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
 */
export function registerWorldLive(app: FastifyInstance, deps: AppDeps): void {
  const streams = new Set<ServerResponse>();
  const recent: Heard[] = [];
  let heartbeat: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();

  new Gauge({
    name: 'muse_live_streams',
    help: 'Open /api/world/live streams on this instance',
    registers: [app.museMetrics],
    collect() {
      this.set(streams.size);
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

  const unsubscribe = deps.worldEvents.subscribe((event) => {
    inTurn(async () => {
      const heard: Heard = { event, frame: null };
      // Whether anyone is listening is asked in turn, not on arrival: a replay ahead in the queue
      // adds its stream before this runs.
      const ready = streams.size > 0 ? await frameOf(heard) : null;
      recent.push(heard);
      if (recent.length > REPLAY_EVENTS) recent.shift();
      if (ready) for (const stream of streams) stream.write(ready.text);
    });
  });

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
    if (app.museStopping || streams.size >= MAX_STREAMS) {
      return reply.status(503).header('Retry-After', '5').send({ error: 'Try again shortly' });
    }
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
    request.raw.once('close', () => {
      open = false;
      streams.delete(stream);
      stopHeartbeatWhenIdle();
    });
    const join = () => {
      if (!open) return;
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
        const at = recent.findIndex((heard) => heard.event.id === lastId);
        if (at === -1) stream.write(frame(lastId, 'reset', {}).text);
        for (const heard of at === -1 ? [] : recent.slice(at + 1)) {
          const missed = await frameOf(heard);
          if (missed && open) stream.write(missed.text);
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
