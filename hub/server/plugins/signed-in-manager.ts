import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { signedInManager, type SignedInManager } from '../managers/manager-sessions'
import { refuse } from './dashboard-rules'

declare module 'fastify' {
  interface FastifyRequest {
    /** The manager signed in: set by the signed-in group's hook (./signed-in-manager.ts) on every route of that group. */
    manager: SignedInManager
  }
}

/**
 * The manager's authentication, once for a group of routes: a request without a live session is
 * answered 401 `signed-out` before its params or body are judged (as each route did first before),
 * and the manager is on the request for the route.
 */
export const signedInManagers = fp(
  async (api: FastifyInstance) => {
    api.decorateRequest('manager')
    api.addHook('preValidation', async (request, reply) => {
      const manager = await signedInManager(api.db, request, new Date(api.clock()))
      if (!manager) return refuse(reply, 401, 'signed-out')
      request.manager = manager
    })
  },
  { name: 'signed-in-manager' },
)
