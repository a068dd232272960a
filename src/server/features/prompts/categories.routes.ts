import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { listCategoryNames } from './categories.repo.ts';

export function registerCategoryRoutes(app: FastifyInstance, db: Database): void {
  app.post('/api/categories', async () => ({ categories: await listCategoryNames(db) }));
}
