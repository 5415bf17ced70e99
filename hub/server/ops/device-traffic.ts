import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import { HUB_PATHS } from '../../protocol'
import { DeviceRefusal } from '../plugins/device-auth'
import type { HubMetrics } from './hub-metrics'

/** The parts of the answers counted; the rest of each is the route's schema's to judge. */
const Refused = DeviceRefusal
const HeartbeatAnswered = z.object({ status: z.enum(['ok', 'revoked']) })
const UploadAnswered = z.object({ results: z.array(z.object({ outcome: z.string() })) })

/**
 * Counts the devices' heartbeats and uploads as they are answered, from the outside of their routes:
 * the answer object (before it is serialised) says ok, revoked, stored or conflict, or the refusal's
 * word; an answer Fastify made itself (a body too large, not JSON) is counted as `http-<status>`.
 * Registered on the root before the routes, so its hooks are theirs too (fastify-plugin: not encapsulated).
 */
export const deviceTraffic = fp<{ metrics: HubMetrics }>(
  async (app: FastifyInstance, { metrics }) => {
    const counted = new WeakSet<FastifyRequest>()
    const heartbeat = (reply: FastifyReply, payload: unknown) => {
      const answer = HeartbeatAnswered.safeParse(payload).data?.status ?? Refused.safeParse(payload).data?.error
      metrics.heartbeats.inc({ answer: answer ?? `http-${reply.statusCode}` })
    }
    const upload = (reply: FastifyReply, payload: unknown) => {
      const results = reply.statusCode === 200 ? UploadAnswered.safeParse(payload).data?.results : undefined
      if (!results) return metrics.uploadRefusals.inc({ reason: Refused.safeParse(payload).data?.error ?? `http-${reply.statusCode}` })
      metrics.uploads.inc()
      const conflicts = results.filter((r) => r.outcome === 'conflict').length
      metrics.recordsStored.inc(results.length - conflicts)
      if (conflicts > 0) metrics.uploadRefusals.inc({ reason: 'conflict' }, conflicts)
    }
    const count = { [HUB_PATHS.heartbeat]: heartbeat, [HUB_PATHS.records]: upload } as Record<string, typeof heartbeat | undefined>
    app.addHook('preSerialization', (request, reply, payload, done) => {
      const counter = count[request.routeOptions.url ?? '']
      if (counter) {
        counted.add(request)
        counter(reply, payload)
      }
      done(null, payload)
    })
    // Fastify's own refusals are serialised without the hook above.
    app.addHook('onResponse', (request, reply, done) => {
      const counter = count[request.routeOptions.url ?? '']
      if (counter && !counted.has(request)) counter(reply, undefined)
      done()
    })
  },
  { name: 'device-traffic' },
)
