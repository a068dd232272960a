import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

// scrypt with N=2^17, r=8, p=1 (128 MiB per hash) is OWASP's scrypt setting of equal strength to
// argon2id m=19 MiB t=2 (decision 005). Hashing is bounded by a small semaphore so a burst of
// logins queues instead of allocating 128 MiB each at once.
export type ScryptCost = { N: number; r: number; p: number };
export const STRONG_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
/** Only for tests, which hash hundreds of passwords; never reachable from configuration. */
export const FAST_TEST_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

const KEY_LENGTH = 32;
/** Hashes at once at most: 2 × 128 MiB. */
export const HASH_CONCURRENCY = 2;

/** Derives the key for a password; scrypt, or in a test a spy wrapped around it. */
export type DeriveKey = (password: string, salt: Buffer, cost: ScryptCost) => Promise<Buffer>;

export function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

class Semaphore {
  private available: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.available = size;
  }
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.available > 0) {
      this.available -= 1;
    } else {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.available += 1;
    }
  }
}

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
};

export function createPasswordHasher(
  cost: ScryptCost = STRONG_COST,
  concurrency = HASH_CONCURRENCY,
  derive: DeriveKey = scrypt,
): PasswordHasher {
  const gate = new Semaphore(concurrency);
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await gate.run(() => derive(password, salt, cost));
      return [
        'scrypt',
        cost.N,
        cost.r,
        cost.p,
        salt.toString('base64'),
        key.toString('base64'),
      ].join('$');
    },
    async verify(password, stored) {
      const [scheme, n, r, p, salt, key] = stored.split('$');
      if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
      const expected = Buffer.from(key, 'base64');
      const actual = await gate.run(() =>
        derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) }),
      );
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
