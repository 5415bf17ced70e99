import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

/**
 * The hub's routes take their schemas from hub/protocol through fastify's `schema` option: a
 * request's params, query and body are parsed by them before the handler runs (its handler is
 * typed by them), and an answer is written through the route's answer schema, so a field that
 * schema does not name never leaves the hub, whatever the handler's object also held.
 */
export const zodSchemas = fp(
  async (app: FastifyInstance) => {
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
  },
  { name: 'zod-schemas' },
)

/** A group of the hub's routes: a plugin typed by its routes' zod schemas. */
export type HubRoutes<Options extends object = Record<never, never>> = FastifyPluginAsyncZod<Options>

/** 204: nothing is answered. */
export const NoContent = z.undefined()
