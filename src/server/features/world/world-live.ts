import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { AppDeps } from '#server/deps.ts';
import type { LiveEventName } from '#shared/api/world-live.ts';
import { WORLD_LIVE_PATH } from '#shared/api/world-live.ts';
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

function frame(id: string, name: LiveEventName, data: unknown): Frame {
  return { id, text: `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n` };
}

/**
 * GET /api/world/live: the world feed's changes as Server-Sent Events, for anyone (the feed is
 * public). Each change heard on the bus is read once per instance and presented as a stranger
 * sees it (liveAnswer in world.service.ts), then written to every open stream; the last events
 * are kept so a reconnecting EventSource's Last-Event-ID gets what it missed. An idle stream
 * costs a socket and one comment line every 25 s.
 */
export function registerWorldLive(app: FastifyInstance, deps: AppDeps): void {
  const streams = new Set<ServerResponse>();
  const recent: Frame[] = [];
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

  const broadcast = (item: Frame) => {
    recent.push(item);
    if (recent.length > REPLAY_EVENTS) recent.shift();
    for (const stream of streams) stream.write(item.text);
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

  const unsubscribe = deps.worldEvents.subscribe((event) => {
    queue = queue
      .then(() => resolve(event))
      .then((item) => {
        if (item) broadcast(item);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'world live: event dropped'));
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
    const lastId = request.headers['last-event-id'];
    if (typeof lastId === 'string' && lastId !== '') {
      const at = recent.findIndex((item) => item.id === lastId);
      if (at === -1) stream.write(frame(lastId, 'reset', {}).text);
      else for (const item of recent.slice(at + 1)) stream.write(item.text);
    }
    streams.add(stream);
    startHeartbeat();
    request.raw.socket.setNoDelay(true);
    request.raw.once('close', () => {
      streams.delete(stream);
      stopHeartbeatWhenIdle();
    });
  });

  // Stopping: end every stream (EventSource reconnects, to another instance behind a balancer).
  app.addHook('preClose', async () => {
    unsubscribe();
    for (const stream of streams) stream.end();
    streams.clear();
    stopHeartbeatWhenIdle();
    if (heartbeat) clearInterval(heartbeat);
  });
  app.addHook('onClose', async () => {
    await deps.worldEvents.close();
  });
}
