import Fastify from 'fastify'
import type { AddressInfo } from 'node:net'
import { hubHealth } from './health'
import type { HubMetrics } from './hub-metrics'
import { checkOpsAddress, OPS_PORT, type HubOpsOptions } from './ops-settings'
import type { Queryable } from '../../storage/database'

export interface OpsListener {
  /** http://host:port, where /healthz and /metrics are. */
  url: string
  close(): Promise<void>
}

/**
 * The monitoring listener: `GET /healthz` and `GET /metrics` (Prometheus's text format), nothing else,
 * over plain HTTP on its own address and port (ops-settings.ts says why). No session: a scraper
 * has none, and nothing here changes anything or names more than a device id.
 */
export async function openOpsListener(options: HubOpsOptions, metrics: HubMetrics, db: Queryable): Promise<OpsListener> {
  checkOpsAddress(options)
  const app = Fastify({ logger: false })
  app.get('/healthz', async (_request, reply) => {
    const { healthy, health } = await hubHealth(db)
    return reply.code(healthy ? 200 : 503).header('cache-control', 'no-store').send(health)
  })
  app.get('/metrics', async (_request, reply) => {
    const text = await metrics.registry.metrics()
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text)
  })
  const host = options.host ?? '127.0.0.1'
  await app.listen({ host, port: options.port ?? OPS_PORT })
  const { port } = app.server.address() as AddressInfo
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host
  return { url: `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`, close: () => app.close() }
}
