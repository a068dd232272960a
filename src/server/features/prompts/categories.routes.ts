import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../plugins/typed-routes.ts';
import { listCategoryNames } from './categories.repo.ts';

export function registerCategoryRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, '/api/categories', async () => ({ categories: await listCategoryNames(db) }));
}
