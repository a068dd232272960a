import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { listCategories } from './categories.service.ts';

export function registerCategoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/api/categories', async () => ({ categories: await listCategories(deps) }));
}
