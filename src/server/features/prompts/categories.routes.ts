import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { route } from '#server/plugins/typed-routes.ts';
import { listCategories } from './categories.service.ts';

export function registerCategoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, '/api/categories', async () => ({ categories: await listCategories(deps) }));
}
