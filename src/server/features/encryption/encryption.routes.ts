import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { route } from '#server/plugins/typed-routes.ts';
import { requireNamedUser } from '../auth/policies.ts';
import { keyBundleOf, setKeyBundle } from './encryption.service.ts';

export function registerEncryptionRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, '/api/encryption/get', async (request) => {
    const caller = requireNamedUser(request);
    return { bundle: await keyBundleOf(deps, caller.id) };
  });

  route(app, '/api/encryption/set', async (request) => {
    const { bundle, password, forfeit } = request.body;
    const caller = requireNamedUser(request);
    return { bundle: await setKeyBundle(deps, caller, bundle, password, forfeit) };
  });
}
