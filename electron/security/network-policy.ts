/**
 * What the renderer's own session may request. Main makes every network call
 * (the vendor API; event images reach the renderer as data: URLs), so the
 * renderer's session refuses http, https, ws and wss outright, and file: too:
 * a script that slipped past the CSP still cannot send anything anywhere or
 * read the disk. The only exception is the Vite dev server in
 * `electron-vite dev`, never in a packaged app.
 */
const REFUSED_SCHEMES = ['http', 'https', 'ws', 'wss', 'ftp', 'file'] as const

/** The URL patterns the session's onBeforeRequest listens on (everything else is app://, data: or blob:). */
export const REFUSED_URL_PATTERNS = REFUSED_SCHEMES.map((scheme) => `${scheme}://*/*`)

export function isRendererRequestAllowed(requestUrl: string, devServerOrigin: string | null): boolean {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return false
  }
  if (!(REFUSED_SCHEMES as readonly string[]).includes(url.protocol.slice(0, -1))) return true
  if (devServerOrigin === null) return false
  const dev = new URL(devServerOrigin)
  // The dev server's page, its modules and its hot-reload socket: same host and port, ws for http.
  const socket = dev.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.host === dev.host && (url.protocol === dev.protocol || url.protocol === socket)
}
