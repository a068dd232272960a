import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { listCategoryNames } from './categories.repo.ts';

export function registerCategoryRoutes(app: FastifyInstance, { db }: AppDeps): void {
  app.post('/api/categories', async () => ({ categories: await listCategoryNames(db) }));
}
