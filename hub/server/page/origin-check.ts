import { networkInterfaces } from 'node:os'

/**
 * The origins the hub's own dashboard is loaded from: its address and, when it listens on every
 * address, each of this machine's (what a manager's browser on the venue network types), plus any
 * the venue names (a DNS name). A state-changing request from any other origin is refused: a page
 * elsewhere cannot act with the manager's cookie, nor can a DNS name rebound onto the hub's address.
 */
export function ownOrigins(url: string, listenHost: string | undefined, extra: readonly string[] = []): Set<string> {
  const { port } = new URL(url)
  const origins = new Set([new URL(url).origin, ...extra.map((origin) => new URL(origin).origin)])
  if (listenHost === '0.0.0.0' || listenHost === '::') {
    origins.add(`https://localhost:${port}`)
    for (const nic of Object.values(networkInterfaces()).flatMap((nics) => nics ?? [])) {
      origins.add(`https://${nic.family === 'IPv6' ? `[${nic.address}]` : nic.address}:${port}`)
    }
  }
  return origins
}

/** Requests that change something: they must carry an Origin that is one of the hub's own. */
export function changesState(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS'
}
