import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has sensible defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      admins: [],
      publicOrigin: null,
      relaxedRateLimits: false,
    });
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/muse.db') });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/muse-data',
      DATABASE_URL: 'postgres://u@db:5432/muse',
      MUSE_ADMINS: ' Ada , Grace,,',
      PUBLIC_ORIGIN: 'https://muse.example',
      MUSE_RATE_LIMITS: 'relaxed',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/muse-data',
      database: { kind: 'postgres', url: 'postgres://u@db:5432/muse' },
      admins: ['Ada', 'Grace'],
      publicOrigin: 'https://muse.example',
      relaxedRateLimits: true,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ PUBLIC_ORIGIN: 'muse.example' }, 'PUBLIC_ORIGIN'],
    [{ PUBLIC_ORIGIN: 'https://muse.example/app' }, 'PUBLIC_ORIGIN'],
    [{ MUSE_RATE_LIMITS: 'off' }, 'MUSE_RATE_LIMITS'],
  ])('stops on a bad value naming the variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${name}: `));
  });
});

describe('S3 configuration', () => {
  it('is off without S3_BUCKET and complete with it', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(
      loadConfig({
        S3_BUCKET: 'muse-pictures',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
      }).s3,
    ).toEqual({
      bucket: 'muse-pictures',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      sessionToken: null,
      publicUrl: 'http://127.0.0.1:9000/muse-pictures',
    });
  });

  it('names the missing variable', () => {
    expect(() => loadConfig({ S3_BUCKET: 'muse-pictures' })).toThrow(/^S3_ACCESS_KEY_ID: /);
    expect(() => loadConfig({ S3_BUCKET: 'muse-pictures', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /^S3_SECRET_ACCESS_KEY: /,
    );
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket!' })).toThrow(/^S3_BUCKET: /);
  });
});

describe('mail configuration', () => {
  it('is off without SMTP_URL and read with it', () => {
    expect(loadConfig({}).mail).toBeNull();
    expect(loadConfig({ SMTP_URL: 'smtp://u:p@mail.example:587' }).mail).toEqual({
      smtpUrl: 'smtp://u:p@mail.example:587',
      from: 'Müse <no-reply@localhost>',
    });
    expect(
      loadConfig({ SMTP_URL: 'smtps://mail.example', MAIL_FROM: 'Müse <hi@muse.example>' }).mail
        ?.from,
    ).toBe('Müse <hi@muse.example>');
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'nobody' }, 'MAIL_FROM'],
    [{ SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'A <a@b.c>\r\nBcc: x@y.z' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'a@b.c' }, 'MAIL_FROM'],
  ])('stops on a bad value in one line naming the variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${name}: [^\\n]*$`));
  });

  it('never repeats the SMTP password in its error', () => {
    expect(() => loadConfig({ SMTP_URL: 'ftp://user:s3cret@mail.example' })).toThrow(
      /^(?!.*s3cret)/,
    );
  });
});

describe('operations settings', () => {
  it('has safe defaults', () => {
    const config = loadConfig({});
    expect(config.shutdownGraceMs).toBe(10_000);
    expect(config.shutdownDrainMs).toBe(5_000);
    expect(config.metricsToken).toBeNull();
    expect(config.trustProxy).toBe(false);
    // A school or a carrier NAT puts dozens of people behind one address.
    expect(config.maxConnectionsPerAddress).toBe(256);
    expect(config.redisUrl).toBeNull();
    expect(config.redisPrefix).toBe('muse:');
    // A few live streams per client; the instance's cap from its file limit; ten minutes each.
    expect(config.liveStreamsPerAddress).toBe(8);
    expect(config.maxLiveStreams).toBeNull();
    expect(config.liveStreamLifetimeMs).toBe(600_000);
  });

  it('reads them and names a bad one', () => {
    const config = loadConfig({
      SHUTDOWN_GRACE_MS: '2500',
      SHUTDOWN_DRAIN_MS: '0',
      METRICS_TOKEN: 'a-long-enough-t0ken',
      MUSE_LIVE_STREAMS_PER_ADDRESS: '3',
      MUSE_MAX_LIVE_STREAMS: '2000',
      MUSE_LIVE_STREAM_LIFETIME_MS: '120000',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'muse-test:',
      S3_BUCKET: 'muse-pictures',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_SESSION_TOKEN: 'session',
    });
    expect(config).toMatchObject({
      shutdownGraceMs: 2500,
      shutdownDrainMs: 0,
      metricsToken: 'a-long-enough-t0ken',
      liveStreamsPerAddress: 3,
      maxLiveStreams: 2000,
      liveStreamLifetimeMs: 120_000,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'muse-test:',
      s3: { sessionToken: 'session' },
    });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/^TRUST_PROXY: /);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: 'soon' })).toThrow(/^SHUTDOWN_GRACE_MS: /);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/^SHUTDOWN_DRAIN_MS: /);
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(/^REDIS_URL: /);
    // A guessable metrics token is refused at start-up rather than trusted.
    expect(() => loadConfig({ METRICS_TOKEN: 'change-me' })).toThrow(/^METRICS_TOKEN: /);
    expect(() => loadConfig({ MUSE_LIVE_STREAMS_PER_ADDRESS: 'many' })).toThrow(
      /^MUSE_LIVE_STREAMS_PER_ADDRESS: /,
    );
    expect(() => loadConfig({ MUSE_MAX_LIVE_STREAMS: '0' })).toThrow(/^MUSE_MAX_LIVE_STREAMS: /);
    expect(() => loadConfig({ MUSE_LIVE_STREAM_LIFETIME_MS: '10' })).toThrow(
      /^MUSE_LIVE_STREAM_LIFETIME_MS: /,
    );
  });
});
