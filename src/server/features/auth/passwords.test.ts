import { describe, expect, it } from 'vitest';
import {
  createPasswordHasher,
  type DeriveKey,
  FAST_TEST_COST,
  STRONG_COST,
  scrypt,
} from './passwords.ts';

describe('password hashing', () => {
  it('is strong by default: scrypt with N=2^17, r=8 (128 MiB), salted', async () => {
    const hasher = createPasswordHasher();
    const one = await hasher.hash('correct horse battery');
    const two = await hasher.hash('correct horse battery');
    expect(one).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(one).not.toBe(two);
    expect(one).not.toContain('correct horse');
    expect(await hasher.verify('correct horse battery', one)).toBe(true);
    expect(await hasher.verify('correct horse batterY', one)).toBe(false);
    expect(await hasher.verify('anything', 'garbage')).toBe(false);
    // Five 128 MiB hashes, two at a time: seconds on a busy machine.
  }, 60_000);

  it('verifies with the parameters stored in the hash', async () => {
    const stored = await createPasswordHasher(FAST_TEST_COST).hash('pw-12345678');
    expect(await createPasswordHasher(STRONG_COST).verify('pw-12345678', stored)).toBe(true);
  });

  // Each scrypt hash holds 128 MiB while it runs, so memory is bounded by how many run at once.
  // Counted at the key derivation itself (RSS would hide it: libuv runs only 4 at a time).
  it('bounds memory when 20 logins arrive at once: at most 2 hashes (256 MiB) in flight', async () => {
    let inFlight = 0;
    let most = 0;
    // The app's cost would make this slow; the gate is what is measured, not scrypt.
    const counting: DeriveKey = async (password, salt, _appCost) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await scrypt(password, salt, FAST_TEST_COST);
      } finally {
        inFlight -= 1;
      }
    };
    // The cost and concurrency the app uses (app.ts calls createPasswordHasher() bare).
    const hasher = createPasswordHasher(undefined, undefined, counting);
    const stored = await hasher.hash('password 0');
    most = 0;
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => hasher.hash(`password ${i}`)),
      ...Array.from({ length: 10 }, () => hasher.verify('password 0', stored)),
    ]);
    expect(most).toBeLessThanOrEqual(2);
    // …and the gate lets two through, so logins are not needlessly serialised either.
    expect(most).toBe(2);
  });
});
