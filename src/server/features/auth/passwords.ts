import {
  argon2 as argon2Callback,
  argon2Sync,
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
} from 'node:crypto';
import { availableParallelism } from 'node:os';
import { HttpError } from '#server/plugins/errors.ts';

// argon2id with OWASP's first setting, m=19 MiB, t=2, p=1 (decision 048): about 50 ms of CPU
// here, where scrypt N=2^17 (decision 005) cost about 0.5 s and 128 MiB. Stored self-describing
// as `argon2id$v=19$m=19456,t=2,p=1$<salt>$<tag>` (PHC-like, unpadded base64), so the cost can
// change later. Old `scrypt$N$r$p$<salt>$<key>` hashes still verify, and login replaces them.
export type Argon2Cost = { memory: number; passes: number; parallelism: number };
export const STRONG_COST: Argon2Cost = { memory: 19_456, passes: 2, parallelism: 1 };
/** Only for tests, which hash hundreds of passwords; never reachable from configuration. */
export const FAST_TEST_COST: Argon2Cost = { memory: 64, passes: 1, parallelism: 1 };

const SALT_BYTES = 16;
const TAG_BYTES = 32;
/**
 * Hashes at once at most. Each holds 19 MiB and a libuv thread; one of libuv's four threads is
 * left for files, and more than the cores would only slow each hash down.
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(3, availableParallelism()));
/** A hash that would wait longer than this for its turn is refused with 503 + Retry-After. */
export const MAX_HASH_WAIT_MS = 5_000;

/** Derives the tag for a password; argon2id, or in a test a spy wrapped around it. */
export type DeriveKey = (password: string, salt: Buffer, cost: Argon2Cost) => Promise<Buffer>;

function argon2Parameters(password: string, salt: Buffer, cost: Argon2Cost) {
  return {
    message: password.normalize('NFKC'),
    nonce: salt,
    parallelism: cost.parallelism,
    tagLength: TAG_BYTES,
    memory: cost.memory,
    passes: cost.passes,
  };
}

export function argon2id(password: string, salt: Buffer, cost: Argon2Cost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2Callback('argon2id', argon2Parameters(password, salt, cost), (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The hashes stored before argon2id (decision 005); only verified, never made. */
export type ScryptCost = { N: number; r: number; p: number };

export function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(
      password.normalize('NFKC'),
      salt,
      32,
      { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

const base64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
const prefixOf = (cost: Argon2Cost) =>
  `argon2id$v=19$m=${cost.memory},t=${cost.passes},p=${cost.parallelism}$`;
const ARGON2_HASH = /^argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** A stored hash's cost, salt and key, or null when it is neither of our formats (or absurd). */
function parseStored(stored: string):
  | { kind: 'argon2id'; cost: Argon2Cost; salt: Buffer; key: Buffer }
  | {
      kind: 'scrypt';
      cost: ScryptCost;
      salt: Buffer;
      key: Buffer;
    }
  | null {
  const argon = ARGON2_HASH.exec(stored);
  if (argon) {
    const [, m, t, p, salt, key] = argon;
    const cost = { memory: Number(m), passes: Number(t), parallelism: Number(p) };
    // Bounds so a damaged row cannot make one login allocate gigabytes.
    if (cost.memory < 8 * cost.parallelism || cost.memory > 262_144) return null;
    if (cost.passes < 1 || cost.passes > 10 || cost.parallelism < 1 || cost.parallelism > 4) {
      return null;
    }
    return {
      kind: 'argon2id',
      cost,
      salt: Buffer.from(salt ?? '', 'base64'),
      key: Buffer.from(key ?? '', 'base64'),
    };
  }
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return null;
  return {
    kind: 'scrypt',
    cost: { N: Number(n), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt, 'base64'),
    key: Buffer.from(key, 'base64'),
  };
}

/**
 * Runs at most `size` hashes at once and queues the rest, but only as far as the queue can be
 * served within `maxWaitMs` at the measured pace: past that a hash is refused at once (503 with
 * Retry-After) instead of leaving someone waiting until their connection gives up.
 */
class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly size: number;
  private readonly maxWaitMs: number;
  /** Moving average of how long one hash takes here, now (slower while the CPU is busy). */
  private averageMs: number;
  constructor(size: number, maxWaitMs: number, estimateMs: number) {
    this.size = size;
    this.maxWaitMs = maxWaitMs;
    this.averageMs = estimateMs;
  }

  /** How long a hash asked for now would wait for its turn. */
  expectedWaitMs(): number {
    if (this.running < this.size) return 0;
    return ((this.waiting.length + 1) / this.size) * this.averageMs;
  }

  /** Throws the 503 a hash asked for now would get. */
  admit(): void {
    const waitMs = this.expectedWaitMs();
    if (waitMs <= this.maxWaitMs) return;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new HttpError(503, `Müse is busy: please try again in ${seconds} s`, {
      'Retry-After': String(seconds),
    });
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    this.admit();
    if (this.running < this.size) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Whether `stored` is of an older scheme or cost, to be replaced after a verified login. */
  needsRehash(stored: string): boolean;
  /**
   * Throws the 503 (with Retry-After) a hash asked for now would get: callers that spend a
   * throttled attempt before hashing ask first, so a refusal does not cost an attempt.
   */
  admit(): void;
};

export type HasherOptions = {
  cost?: Argon2Cost;
  concurrency?: number;
  maxWaitMs?: number;
  derive?: DeriveKey;
  /** The first estimate of one hash's time; by default one hash is timed at start. */
  estimateMs?: number;
};

function timeOneHash(cost: Argon2Cost): number {
  const started = performance.now();
  argon2Sync('argon2id', argon2Parameters('calibration', randomBytes(SALT_BYTES), cost));
  return performance.now() - started;
}

export function createPasswordHasher(options: HasherOptions = {}): PasswordHasher {
  const cost = options.cost ?? STRONG_COST;
  const derive = options.derive ?? argon2id;
  const gate = new HashGate(
    options.concurrency ?? HASH_CONCURRENCY,
    options.maxWaitMs ?? MAX_HASH_WAIT_MS,
    options.estimateMs ?? timeOneHash(cost),
  );
  const prefix = prefixOf(cost);
  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      const key = await gate.run(() => derive(password, salt, cost));
      return `${prefix}${base64(salt)}$${base64(key)}`;
    },
    async verify(password, stored) {
      const parsed = parseStored(stored);
      if (!parsed) return false;
      const actual = await gate.run(() =>
        parsed.kind === 'argon2id'
          ? derive(password, parsed.salt, parsed.cost)
          : scrypt(password, parsed.salt, parsed.cost),
      );
      return actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
    },
    needsRehash: (stored) => !stored.startsWith(prefix),
    admit: () => gate.admit(),
  };
}
