import { DASHBOARD_PATHS, type DashboardEvent } from '../../protocol'
import { signedInManager } from '../managers/manager-sessions'
import type { HubRoutes } from '../plugins/zod-schemas'

/** A comment line this often keeps proxies from closing a quiet stream, and checks the session is still live. */
const KEEP_ALIVE_MS = 15_000

/**
 * The dashboard's live feed (server-sent events), for the signed-in group: each DashboardEvent as
 * one `data:` line of JSON. A stream whose session ends (signed out, expired) is closed at the next
 * keep-alive; every open stream is ended when the hub closes (the close waits for none).
 */
export const eventStreamRoute: HubRoutes = async (api) => {
  const open = new Set<() => void>()
  api.addHook('preClose', async () => {
    for (const end of [...open]) end()
  })

  api.get(DASHBOARD_PATHS.events, async (request, reply) => {
    reply.hijack()
    const out = reply.raw
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
    })
    const send = (event: DashboardEvent) => out.write(`data: ${JSON.stringify(event)}\n\n`)
    const unsubscribe = api.live.subscribe(send)
    const keepAlive = setInterval(() => {
      void signedInManager(api.db, request, new Date(api.clock())).then(
        (manager) => (manager ? out.write(': keep-alive\n\n') : end()),
        () => out.write(': keep-alive\n\n'),
      )
    }, KEEP_ALIVE_MS)
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
}
