import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpError } from '#server/plugins/errors.ts';
import {
  argon2id,
  createPasswordHasher,
  type DeriveKey,
  FAST_TEST_COST,
  HASH_CONCURRENCY,
  STRONG_COST,
  scrypt,
} from './passwords.ts';

/** A stored hash as decision 005 made them: `scrypt$N$r$p$<salt>$<key>`. */
async function scryptHash(password: string, N = 2 ** 10): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, { N, r: 8, p: 1 });
  return ['scrypt', N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('password hashing', () => {
  it('is strong by default: argon2id, m=19 MiB, t=2, p=1, 16-byte salt, 32-byte tag', async () => {
    const hasher = createPasswordHasher();
    const one = await hasher.hash('correct horse battery');
    const two = await hasher.hash('correct horse battery');
    const match = /^argon2id\$v=19\$m=19456,t=2,p=1\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(one);
    expect(match).not.toBeNull();
    expect(Buffer.from(match?.[1] ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(match?.[2] ?? '', 'base64')).toHaveLength(32);
    expect(one).not.toBe(two);
    expect(one).not.toContain('correct horse');
    expect(await hasher.verify('correct horse battery', one)).toBe(true);
    expect(await hasher.verify('correct horse batterY', one)).toBe(false);
    expect(await hasher.verify('anything', 'garbage')).toBe(false);
    expect(hasher.needsRehash(one)).toBe(false);
  });

  it('verifies with the parameters stored in the hash, and asks for weaker ones to be redone', async () => {
    const stored = await createPasswordHasher({ cost: FAST_TEST_COST }).hash('pw-12345678');
    const strong = createPasswordHasher({ cost: STRONG_COST });
    expect(await strong.verify('pw-12345678', stored)).toBe(true);
    expect(strong.needsRehash(stored)).toBe(true);
  });

  it('still verifies the scrypt hashes stored before argon2id, and asks for them to be redone', async () => {
    const hasher = createPasswordHasher({ cost: FAST_TEST_COST });
    const old = await scryptHash('an old password');
    expect(await hasher.verify('an old password', old)).toBe(true);
    expect(await hasher.verify('an old passworD', old)).toBe(false);
    expect(hasher.needsRehash(old)).toBe(true);
  });

  it('refuses a stored cost that would make one login allocate gigabytes', async () => {
    const hasher = createPasswordHasher({ cost: FAST_TEST_COST });
    const good = await hasher.hash('pw-12345678');
    const absurd = good.replace('m=64,', 'm=4194304,');
    expect(await hasher.verify('pw-12345678', absurd)).toBe(false);
  });

  // Each hash holds 19 MiB and a libuv thread while it runs, so what runs at once is bounded.
  // Counted at the key derivation itself (RSS would hide it: libuv runs only 4 at a time).
  it(`bounds what runs at once when 20 logins arrive: at most ${HASH_CONCURRENCY} hashes`, async () => {
    let inFlight = 0;
    let most = 0;
    // The app's cost would make this slow; the gate is what is measured, not argon2.
    const counting: DeriveKey = async (password, salt, _appCost) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await argon2id(password, salt, FAST_TEST_COST);
      } finally {
        inFlight -= 1;
      }
    };
    // The concurrency the app uses (app.ts calls createPasswordHasher() bare); a long bound on
    // waiting, so that this test counts the gate and not the shedding.
    const hasher = createPasswordHasher({ derive: counting, maxWaitMs: 60_000, estimateMs: 1 });
    const stored = await hasher.hash('password 0');
    most = 0;
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => hasher.hash(`password ${i}`)),
      ...Array.from({ length: 10 }, () => hasher.verify('password 0', stored)),
    ]);
    expect(most).toBeLessThanOrEqual(HASH_CONCURRENCY);
    // …and the gate lets that many through, so logins are not needlessly serialised either.
    expect(most).toBe(HASH_CONCURRENCY);
  });

  it('refuses with 503 + Retry-After, at once, a hash that would wait past the bound', async () => {
    let open = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    const held: DeriveKey = (password, salt, cost) =>
      opened.then(() => argon2id(password, salt, cost));
    // One at a time, 400 ms each as far as the hasher knows, at most 1 s of waiting: one runs,
    // two wait (400 and 800 ms), the fourth would wait 1.2 s.
    const hasher = createPasswordHasher({
      cost: FAST_TEST_COST,
      derive: held,
      concurrency: 1,
      maxWaitMs: 1_000,
      estimateMs: 400,
    });
    const admitted = [hasher.hash('one'), hasher.hash('two'), hasher.hash('three')];
    const refused = await hasher.hash('four').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, headers: { 'Retry-After': '2' } });
    expect(() => hasher.admit()).toThrow(HttpError);
    // Those admitted are served, and once the queue is short again hashes are admitted again.
    open();
    expect(await Promise.all(admitted)).toHaveLength(3);
    expect(() => hasher.admit()).not.toThrow();
  });

  it('measures how long hashes take: slower hashes shorten the queue it admits', async () => {
    const slow: DeriveKey = (password, salt, cost) =>
      new Promise((resolve) => setTimeout(resolve, 50)).then(() => argon2id(password, salt, cost));
    const hasher = createPasswordHasher({
      cost: FAST_TEST_COST,
      derive: slow,
      concurrency: 1,
      maxWaitMs: 150,
      estimateMs: 1,
    });
    // Believing a hash takes 1 ms, it would admit all ten; after 20 hashes of 50 ms the
    // estimate is near 50 ms, so besides the one running only about 2 may wait.
    for (let i = 0; i < 20; i += 1) await hasher.hash(`warm ${i}`);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => hasher.hash(`burst ${i}`)),
    );
    const served = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    expect(served).toBeGreaterThanOrEqual(2);
    expect(served).toBeLessThanOrEqual(5);
  });
});
