/**
 * A card terminal's address on the venue network, as staff type it on the
 * staff screen and as the adapter dials it: `host`, `host:port` or
 * `[v6]:port`. Adyen terminals listen on 8443, so the port may be left out.
 * Kept apart from the adapter so settings can check an address without
 * loading Adyen's library.
 */
export const TERMINAL_PORT = 8443

export function parseTerminalAddress(address: string): { host: string; port: number } | null {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([A-Za-z0-9.-]+))(?::(\d{1,5}))?$/.exec(address.trim())
  if (!match) return null
  const port = match[3] ? Number(match[3]) : TERMINAL_PORT
  if (port < 1 || port > 65_535) return null
  return { host: (match[1] ?? match[2])!, port }
}

/**
 * One spelling per terminal (`10.0.0.5` and `10.0.0.5:8443` are the same one,
 * host names are case-blind): what a passphrase is bound to. Null for an
 * address that is not one.
 */
export function canonicalTerminalAddress(address: string): string | null {
  const parsed = parseTerminalAddress(address)
  if (!parsed) return null
  const host = parsed.host.toLowerCase()
  return `${host.includes(':') ? `[${host}]` : host}:${parsed.port}`
}
