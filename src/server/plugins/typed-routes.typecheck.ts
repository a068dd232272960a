import type { FastifyInstance } from 'fastify';
import type { FeedAnswer } from '#shared/api/world.ts';
import { route } from './typed-routes.ts';

// Compile-time tests of route() (decision 025), checked by `npm run typecheck` and never run.
// Each @ts-expect-error line must fail to compile; if the types loosen, typecheck fails.

export function wrongHandlers(app: FastifyInstance, answer: FeedAnswer): void {
  // @ts-expect-error the answer's field is `categories`
  route(app, '/api/categories', async () => ({ category: ['Life'] }));

  // @ts-expect-error a love count is a number, as the response schema says
  route(app, '/api/answer/like', async () => ({ answer: { ...answer, likes: '3' } }));
  route(app, '/api/answer/unlike', async () => ({ answer: { ...answer, likes: 3 } }));

  route(app, '/api/answer/delete', async (request) => {
    request.body.answer_id satisfies string;
    // @ts-expect-error the parsed body has no such field
    request.body.text;
    return { ok: true };
  });

  // @ts-expect-error no such call in the endpoint map
  route(app, '/api/answer/publish', async () => ({ ok: true }));
}
