/**
 * Where a printer is on the venue network, as staff type it: a host name or
 * IP address, with `:port` only when it is not the kind's usual one (631 for
 * IPP, 9100 for a raw printer). IPv6 in brackets, as in a URL. Nothing else:
 * no scheme, path, user or query, so what is saved is only an address.
 */
export interface PrinterAddress {
  /** For sockets and URLs alike: an IPv6 address keeps its brackets here only in `authority`. */
  host: string
  port: number
  /** host:port as a URL writes it ("[::1]:631"). */
  authority: string
}

const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/

export function parsePrinterAddress(text: string, defaultPort: number): PrinterAddress | null {
  if (text !== text.trim() || text === '' || text.length > 300 || /[/@?#\s\\]/.test(text)) return null
  if (!URL.canParse(`http://${text}`)) return null
  const url = new URL(`http://${text}`)
  const bracketed = url.hostname.startsWith('[')
  if (!bracketed && !HOST_NAME.test(url.hostname)) return null
  // URL leaves out a port that is http's own (80): read it from the text instead.
  const typed = /:(\d{1,5})$/.exec(text)
  const port = typed ? Number(typed[1]) : defaultPort
  if (port < 1 || port > 65535) return null
  const host = bracketed ? url.hostname.slice(1, -1) : url.hostname
  return { host, port, authority: `${url.hostname}:${port}` }
}

/**
 * An IPP queue's path at its print server: "printers/Lobby" (CUPS) or
 * "ipp/print" (an IPP Everywhere printer). No "." or ".." segment: the path
 * names a queue, never a way up to the server's other pages (/admin).
 */
export const IPP_QUEUE_PATTERN = /^(?!\.{1,2}(\/|$))[A-Za-z0-9._~-]+(\/(?!\.{1,2}(\/|$))[A-Za-z0-9._~-]+){0,7}$/
export const IPP_PORT = 631
