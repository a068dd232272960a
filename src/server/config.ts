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
  };
}
