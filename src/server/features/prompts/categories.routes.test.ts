import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

describeEachDatabase('POST /api/categories', (get) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers the seeded categories in their order', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/categories' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      categories: ['Gratitude', 'Growth', 'Life', 'Quotes', 'Self', 'Today', 'Work'],
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: expect.stringContaining('/api/nope') });
  });

  it('seeds the prompt library idempotently', async () => {
    const { db } = get();
    const before = await db
      .selectFrom('prompts')
      .select(db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { seedDatabase } = await import('#server/db/seed.ts');
    await seedDatabase(db);
    const after = await db
      .selectFrom('prompts')
      .select(db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(Number(before.n)).toBeGreaterThanOrEqual(150);
  });
});
