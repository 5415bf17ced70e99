import type { FastifyInstance } from 'fastify'
import { DASHBOARD_PATHS, type DashboardEvent } from '../../protocol'
import { requireManager, type DashboardContext } from '../dashboard-api'
import { signedInManager } from '../managers/manager-sessions'

/** A comment line this often keeps proxies from closing a quiet stream, and checks the session is still live. */
const KEEP_ALIVE_MS = 15_000

/**
 * The dashboard's live feed (server-sent events): each DashboardEvent as one `data:` line of JSON,
 * for a signed-in manager. A stream whose session ends (signed out, expired) is closed at the next
 * keep-alive. Returns what ends every open stream, for the hub's close.
 */
export function eventStreamRoute(api: FastifyInstance, ctx: DashboardContext, keepAliveMs = KEEP_ALIVE_MS): () => void {
  const open = new Set<() => void>()

  api.get(DASHBOARD_PATHS.events, async (request, reply) => {
    if (!(await requireManager(ctx, request, reply))) return reply
    reply.hijack()
    const out = reply.raw
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
    })
    const send = (event: DashboardEvent) => out.write(`data: ${JSON.stringify(event)}\n\n`)
    const unsubscribe = ctx.live.subscribe(send)
    const keepAlive = setInterval(() => {
      void signedInManager(ctx.db, request, new Date(ctx.now())).then(
        (manager) => (manager ? out.write(': keep-alive\n\n') : end()),
        () => out.write(': keep-alive\n\n'),
      )
    }, keepAliveMs)
    let ended = false
    const end = () => {
      if (ended) return
      ended = true
      clearInterval(keepAlive)
      unsubscribe()
      open.delete(end)
      out.end()
    }
    open.add(end)
    // The response's 'close': the manager's browser went away (or the stream was ended here).
    out.once('close', end)
    // Said at once, so the page (and a test) knows the stream is open before anything is pushed.
    out.write('retry: 2000\n: open\n\n')
  })

  return () => {
    for (const end of [...open]) end()
  }
}
