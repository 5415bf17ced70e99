import type { FastifyError, FastifyInstance, FastifyReply, FastifySchemaValidationError } from 'fastify'
import fp from 'fastify-plugin'
import { DashboardRefusal } from '../../protocol'
import { changesState } from '../page/origin-check'

/**
 * A contract path with one parameter, as a Fastify route (`:id` unless named otherwise): the contract's
 * function is given a placeholder, as it would encode the colon.
 */
export const route = (path: (value: string) => string, name = 'id') => path('PARAM').replace('PARAM', `:${name}`)

/** Sends a refusal the page words in the manager's language (hub/protocol/dashboard.ts). */
export function refuse(reply: FastifyReply, status: number, refused: DashboardRefusal['refused'], retryAfterSeconds?: number) {
  if (retryAfterSeconds) void reply.header('retry-after', String(retryAfterSeconds))
  return reply.code(status).send({ refused, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) } satisfies DashboardRefusal)
}

/** 400 `invalid-request` naming the fields that were wrong (paths, as `refusedFields` gives them). */
export function refuseFields(reply: FastifyReply, fields: string[]) {
  return reply.code(400).send({ refused: 'invalid-request', fields } satisfies DashboardRefusal)
}

/** The fields a schema refused, as paths ("name", "places.0"); the body itself when it was wrong as a whole. */
export function refusedFields(issues: readonly FastifySchemaValidationError[]): string[] {
  return [...new Set(issues.map((issue) => issue.instancePath.split('/').filter(Boolean).join('.') || '(body)'))]
}

/** What a dashboard route answers besides its own 2xx: a refusal, in the contract's words. */
export const REFUSALS = { '4xx': DashboardRefusal } as const

/**
 * A request its route's schema refused. An id in the path that cannot be one names nothing: 404
 * `not-found`, as each such route answered before its schema did. A body or query: 400
 * `invalid-request` naming the fields. Anything else Fastify refused (a body that is not JSON, too
 * large): 400 `invalid-request`, not Fastify's English; anything that failed here: 500.
 */
async function dashboardError(error: FastifyError, _request: unknown, reply: FastifyReply) {
  if (error.validation) {
    if (error.validationContext === 'params') return refuse(reply, 404, 'not-found')
    return refuseFields(reply, refusedFields(error.validation))
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return refuse(reply, 400, 'invalid-request')
  return reply.code(500).send({ error: 'hub-error' })
}

/**
 * The rules every dashboard route keeps, set once on the group that holds them: no answer is
 * cached or framed, a request that changes something must come from the hub's own page (its Origin),
 * and a request its schema refuses is answered in the contract's words.
 */
export const dashboardRules = fp(
  async (api: FastifyInstance) => {
    api.addHook('onRequest', async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      if (changesState(request.method) && !api.hub.origins.has(request.headers.origin ?? '')) return refuse(reply, 403, 'wrong-origin')
    })
    api.setErrorHandler(dashboardError)
  },
  { name: 'dashboard-rules' },
)
