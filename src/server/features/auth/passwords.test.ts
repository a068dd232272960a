import { describe, expect, it } from 'vitest';
import { createPasswordHasher, FAST_TEST_COST, STRONG_COST } from './passwords.ts';

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
  });

  it('verifies with the parameters stored in the hash', async () => {
    const stored = await createPasswordHasher(FAST_TEST_COST).hash('pw-12345678');
    expect(await createPasswordHasher(STRONG_COST).verify('pw-12345678', stored)).toBe(true);
  });

  it('bounds memory when 20 logins arrive at once', async () => {
    const hasher = createPasswordHasher(STRONG_COST, 2);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    await Promise.all(Array.from({ length: 20 }, (_, i) => hasher.hash(`password ${i}`)));
    clearInterval(sampler);
    // Unbounded, 20 × 128 MiB = 2.5 GiB; two at a time stays near 256 MiB.
    expect(peak - baseline).toBeLessThan(600 * 1024 * 1024);
  }, 60_000);
});
