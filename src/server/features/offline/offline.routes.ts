import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

export function registerOfflineRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
