// The environment read once into a typed Config; a bad value stops the start with a one-line
// ConfigError naming the variable.
import path from 'node:path';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  admins: string[];
  publicOrigin: string | null;
  relaxedRateLimits: boolean;
  /** MUSE_SECRET: signs device cookies; when null a random one is kept in the database. */
  secret: string | null;
  /** At most this many open connections from one address (0: no cap). */
  maxConnectionsPerAddress: number;
  /** Pictures go to an S3-compatible bucket when set, else under dataDir. */
  s3: S3Config | null;
  /** Reset e-mails go out through this SMTP server when set; else recovery codes (decision 014). */
  mail: MailConfig | null;
  /** How long a stopping instance lets in-flight requests finish (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** How long a stopping instance keeps serving while /readyz says 503 (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs: number;
  /** GET /metrics wants `Authorization: Bearer <token>`; while null, /metrics answers 404. */
  metricsToken: string | null;
  /** Live streams (/api/world/live) one client may hold open on an instance (0: no cap). */
  liveStreamsPerAddress: number;
  /** Live streams one instance holds at most; null: sized from the process's file limit. */
  maxLiveStreams: number | null;
  /** A live stream ends after about this long; EventSource resumes it with Last-Event-ID. */
  liveStreamLifetimeMs: number;
  /** Which proxies' X-Forwarded-For to believe: false (nobody), a hop count or IP/CIDR list. */
  trustProxy: false | number | string[];
  /** Shared rate limits and live events go through Redis when set. */
  redisUrl: string | null;
  /** Prefix of every Redis key and channel (several deployments or test runs on one Redis). */
  redisPrefix: string;
};

export type MailConfig = { smtpUrl: string; from: string };

export type S3Config = {
  bucket: string;
  region: string;
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials (STS, instance roles) come with a session token. */
  sessionToken: string | null;
  /** Where the stored pictures can be read by browsers. */
  publicUrl: string;
};

/** A bad environment value: start-up stops with this one-line message. */
export class ConfigError extends Error {}

function fail(name: string, reason: string): never {
  throw new ConfigError(`${name}: ${reason}`);
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  if (!/^\d+$/.test(raw)) fail('PORT', `expected a port number from 0 to 65535, got '${raw}'`);
  const port = Number(raw);
  if (port > 65535) fail('PORT', `expected a port number from 0 to 65535, got '${raw}'`);
  return port;
}

function parseDatabaseUrl(raw: string | undefined, dataDir: string): DatabaseConfig {
  if (raw === undefined || raw === '')
    return { kind: 'sqlite', file: path.join(dataDir, 'muse.db') };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    fail('DATABASE_URL', 'expected a postgres:// URL');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    fail('DATABASE_URL', `expected a postgres:// URL, got the scheme '${url.protocol}'`);
  }
  return { kind: 'postgres', url: raw };
}

function parseOrigin(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    fail('PUBLIC_ORIGIN', `expected an origin like https://muse.example, got '${raw}'`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname.length > 1) {
    fail('PUBLIC_ORIGIN', `expected an origin like https://muse.example, got '${raw}'`);
  }
  return url.origin;
}

function parseAdmins(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  for (const name of names) {
    if (name.length > 40) fail('MUSE_ADMINS', `the name '${name.slice(0, 40)}…' is too long`);
  }
  return names;
}

function parseRateLimits(raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'default') return false;
  if (raw === 'relaxed') return true;
  fail('MUSE_RATE_LIMITS', `expected 'relaxed' or 'default', got '${raw}'`);
}

function parseSecret(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (raw.length < 32)
    fail('MUSE_SECRET', 'must be at least 32 characters (e.g. openssl rand -hex 32)');
  return raw;
}

function parseConnectionCap(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 256;
  if (!/^\d+$/.test(raw) || Number(raw) > 100_000) {
    fail('MUSE_MAX_CONNECTIONS_PER_ADDRESS', `expected a number from 0 to 100000, got '${raw}'`);
  }
  return Number(raw);
}

/** A whole number from `min` to `max`, or `fallback` when unset. */
function parseCount(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    fail(name, `expected a number from ${min} to ${max}, got '${raw}'`);
  }
  return Number(raw);
}

function parseMetricsToken(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (raw.length < 16) {
    fail('METRICS_TOKEN', 'must be at least 16 characters (e.g. openssl rand -hex 32)');
  }
  return raw;
}

function parseHttpUrl(name: string, raw: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return raw.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  fail(name, `expected an http(s) URL, got '${raw}'`);
}

function parseS3(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = env.S3_BUCKET;
  if (!bucket) return null;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    fail('S3_BUCKET', `'${bucket}' is not a bucket name`);
  const accessKeyId = env.S3_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  if (!accessKeyId) fail('S3_ACCESS_KEY_ID', 'is required when S3_BUCKET is set');
  if (!secretAccessKey) fail('S3_SECRET_ACCESS_KEY', 'is required when S3_BUCKET is set');
  const region = env.S3_REGION || 'us-east-1';
  const endpoint = parseHttpUrl(
    'S3_ENDPOINT',
    env.S3_ENDPOINT || `https://s3.${region}.amazonaws.com`,
  );
  const publicUrl = parseHttpUrl('S3_PUBLIC_URL', env.S3_PUBLIC_URL || `${endpoint}/${bucket}`);
  const sessionToken = env.S3_SESSION_TOKEN || null;
  return { bucket, region, endpoint, accessKeyId, secretAccessKey, sessionToken, publicUrl };
}

function parseGrace(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 10_000;
  if (!/^\d+$/.test(raw) || Number(raw) > 600_000) {
    fail('SHUTDOWN_GRACE_MS', `expected milliseconds from 0 to 600000, got '${raw}'`);
  }
  return Number(raw);
}

// Long enough for a balancer's health check (Caddy health_interval 5s, a Kubernetes
// readinessProbe's periodSeconds) to see /readyz say 503 and send the traffic elsewhere.
function parseDrain(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 5_000;
  if (!/^\d+$/.test(raw) || Number(raw) > 600_000) {
    fail('SHUTDOWN_DRAIN_MS', `expected milliseconds from 0 to 600000, got '${raw}'`);
  }
  return Number(raw);
}

const PROXY_ENTRY = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/;

function parseTrustProxy(raw: string | undefined): false | number | string[] {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) fail('TRUST_PROXY', `expected at most 10 proxy hops, got '${raw}'`);
    return hops === 0 ? false : hops;
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!PROXY_ENTRY.test(entry)) {
      fail('TRUST_PROXY', `expected a hop count or IP/CIDR addresses, got '${entry}'`);
    }
  }
  return entries;
}

function parseRedisUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  try {
    const url = new URL(raw);
    if (url.protocol === 'redis:' || url.protocol === 'rediss:') return raw;
  } catch {
    // reported below
  }
  fail('REDIS_URL', 'expected a redis:// or rediss:// URL');
}

function parseRedisPrefix(raw: string | undefined): string {
  if (raw === undefined || raw === '') return 'muse:';
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(raw)) {
    fail('REDIS_PREFIX', 'expected up to 64 letters, digits or : _ . -');
  }
  return raw;
}

function parseMail(env: NodeJS.ProcessEnv): MailConfig | null {
  const raw = env.SMTP_URL;
  if (raw === undefined || raw === '') {
    if (env.MAIL_FROM) fail('MAIL_FROM', 'is only used with SMTP_URL, which is not set');
    return null;
  }
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    // The URL may carry a password: never echo it.
    fail('SMTP_URL', 'expected smtp://user:pass@host:port or smtps://…');
  }
  const from = env.MAIL_FROM || 'Müse <no-reply@localhost>';
  const address = /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  if (!/^[^@\s<>]+@[^@\s<>]+$/.test(address) || /[\r\n]/.test(from)) {
    fail(
      'MAIL_FROM',
      `expected an address like 'Müse <no-reply@muse.example>', got ${JSON.stringify(from)}`,
    );
  }
  return { smtpUrl: raw, from };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const host = env.HOST || '0.0.0.0';
  return {
    port: parsePort(env.PORT),
    host,
    dataDir,
    database: parseDatabaseUrl(env.DATABASE_URL, dataDir),
    admins: parseAdmins(env.MUSE_ADMINS),
    publicOrigin: parseOrigin(env.PUBLIC_ORIGIN),
    relaxedRateLimits: parseRateLimits(env.MUSE_RATE_LIMITS),
    secret: parseSecret(env.MUSE_SECRET),
    maxConnectionsPerAddress: parseConnectionCap(env.MUSE_MAX_CONNECTIONS_PER_ADDRESS),
    s3: parseS3(env),
    mail: parseMail(env),
    shutdownGraceMs: parseGrace(env.SHUTDOWN_GRACE_MS),
    shutdownDrainMs: parseDrain(env.SHUTDOWN_DRAIN_MS),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    // A few per client: a person's tabs and devices, a small household (decision 052).
    liveStreamsPerAddress: parseCount(
      'MUSE_LIVE_STREAMS_PER_ADDRESS',
      env.MUSE_LIVE_STREAMS_PER_ADDRESS,
      8,
      0,
      100_000,
    ),
    maxLiveStreams: env.MUSE_MAX_LIVE_STREAMS
      ? parseCount('MUSE_MAX_LIVE_STREAMS', env.MUSE_MAX_LIVE_STREAMS, 0, 1, 1_000_000)
      : null,
    liveStreamLifetimeMs: parseCount(
      'MUSE_LIVE_STREAM_LIFETIME_MS',
      env.MUSE_LIVE_STREAM_LIFETIME_MS,
      10 * 60_000,
      1_000,
      24 * 3_600_000,
    ),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl: parseRedisUrl(env.REDIS_URL),
    redisPrefix: parseRedisPrefix(env.REDIS_PREFIX),
  };
}
