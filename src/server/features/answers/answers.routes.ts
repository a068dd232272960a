import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

export function registerAnswerRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
