import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { poolStats } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';
import { redisState } from '../redis.ts';
import { notFound, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry: features add their own gauges (open live streams). */
    museMetrics: Registry;
  }
}

// Process metrics (memory, CPU, event-loop lag, handles) exist once per process, however many
// apps a test builds; each app's own registry is merged with them when scraped.
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/**
 * Whether a bearer token is the metrics token, in time that tells nothing of either: both are
 * hashed to 32 bytes first, so not even the token's length shows in the comparison.
 */
export function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics in Prometheus' text format: requests and their latency per matched route and
 * status class, the database pool on PostgreSQL, and the process. They tell who is failing to
 * log in, signing up or calling admin routes, so they are never public (issue 34 point 6): the
 * scraper sends `Authorization: Bearer $METRICS_TOKEN`, and without METRICS_TOKEN /metrics
 * does not exist (404). Behind nginx, Prometheus scrapes through it with
 * its `authorization` setting; no second port to keep off the internet.
 */
export function registerMetrics(app: FastifyInstance, deps: AppDeps): void {
  processMetrics();
  const registry = new Registry();
  app.decorate('museMetrics', registry);
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by matched route and status class',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by matched route and status class',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = new Gauge({
    name: 'muse_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients, max)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = poolStats(deps.db);
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
      this.set({ state: 'max' }, stats.max);
    },
  });
  void pool;
  if (deps.config.redisUrl) {
    const url = deps.config.redisUrl;
    new Gauge({
      name: 'muse_redis_up',
      help: 'Whether every Redis connection of this process is ready (1) or Redis is away (0)',
      registers: [registry],
      collect() {
        this.set(redisState(url) === 'up' ? 1 : 0);
      },
    });
  }

  // The labelled series, found once per method, route and status class: prom-client hashes the
  // labels on every call otherwise (decision 030). Bounded: routes and methods are ours.
  type Series = { count: { inc: () => void }; time: { observe: (value: number) => void } };
  const series = new Map<string, Series>();
  // A callback hook: no promise per request for synchronous work (decision 038).
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL: ids in paths must not become label values.
    const method = request.method;
    const route = request.routeOptions.url ?? 'unmatched';
    const status = statusClass(reply.statusCode);
    const key = `${method} ${route} ${status}`;
    let found = series.get(key);
    if (!found) {
      const labels = { method, route, status_class: status };
      found = { count: requests.labels(labels), time: duration.labels(labels) };
      series.set(key, found);
    }
    found.count.inc();
    found.time.observe(reply.elapsedTime / 1000);
    done();
  });

  const token = deps.config.metricsToken;
  if (!token) {
    app.log.info('metrics are off: set METRICS_TOKEN (16+ characters) to scrape GET /metrics');
  }
  app.get('/metrics', async (request, reply) => {
    // A 404 of its own: an unknown GET would be the app's page, a 200 a scraper might trust.
    if (!token) throw notFound();
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameToken(given, token)) throw unauthorized('A metrics token is needed');
    const merged = Registry.merge([registry, processMetrics()]);
    reply.header('Cache-Control', 'no-store');
    return reply.type(merged.contentType).send(await merged.metrics());
  });
}
