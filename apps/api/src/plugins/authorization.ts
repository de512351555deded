import { can, isAdminRole } from '@roam/contract/permissions';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/http-error';
import { assertMfaSettled } from './authentication';

/**
 * The one hook every /admin route passes (DESIGN §7): authenticate (401), then two-factor sign-in
 * where the role requires it (403 MFA_ENROLLMENT_REQUIRED), an admin role and the route's declared
 * permission (403). A route that declares none is refused.
 * Register it inside the /admin scope.
 */
export default fp(
  async function authorizationPlugin(app: FastifyInstance) {
    app.addHook('onRequest', async (request) => {
      const caller = await app.authenticate(request);
      if (!request.routeOptions.config.isOpenBeforeMfa) assertMfaSettled(caller);
      const permission = request.routeOptions.config.permission;
      if (!permission) throw forbidden('This route declares no permission');
      if (!isAdminRole(caller.role)) throw forbidden('You are not Admin');
      if (permission === 'admins') {
        if (caller.role !== 'admin') throw forbidden('Only an admin may do this');
        return;
      }
      if (permission === 'self' || permission.module === 'analytics') return;
      if (!can(caller, permission.module, permission.action)) {
        throw forbidden(`You dont have ${permission.action} access to ${permission.module}`);
      }
    });
  },
  { name: 'authorization', dependencies: ['authentication'] },
);
