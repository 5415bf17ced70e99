import { extname, isAbsolute, join, normalize, sep } from 'node:path'

/**
 * The packaged renderer is served from Foyer's own `app://` protocol rather
 * than file:// (as Electron's security guide asks): one fixed, privileged
 * origin for the CSP and the IPC sender check, and no file:// page able to
 * read the disk. This module decides which file a request may have; it imports
 * nothing from Electron so every traversal trick is unit-tested in plain Node.
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'foyer'
/** The renderer's origin, as the IPC sender check and the CSP see it. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
/** Where the window starts. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

export type AppPathResult = { ok: true; file: string } | { ok: false; status: 400 | 404; reason: string }

/** A `.` or `..` path segment, plain or percent-encoded, between slashes or backslashes (plain or encoded). */
const DOT_SEGMENT = /(?:\/|\\|%2f|%5c)(?:\.|%2e){1,2}(?=\/|\\|%2f|%5c|$)/i

const refuse = (reason: string): AppPathResult => ({ ok: false, status: 400, reason })

/**
 * Maps an `app://foyer/<path>` request to a file under `root` (out/renderer),
 * or refuses it. Fails closed: anything odd (another host, encoded slashes or
 * dots that climb, backslashes, drive letters, NUL bytes) is refused, never
 * "cleaned up", and the final path must still lie inside the root.
 */
export function resolveAppPath(root: string, requestUrl: string): AppPathResult {
  // The URL parser quietly resolves `..` and `%2e%2e` segments; a request that carried any is refused, not resolved.
  if (DOT_SEGMENT.test(requestUrl.split(/[?#]/, 1)[0]!)) return refuse('dot segment')
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return refuse('not a URL')
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return refuse('not the app origin')
  if (url.username || url.password) return refuse('credentials in the URL')
  // The raw path, before decoding: a backslash or an encoded one is never part of a renderer asset's name.
  const raw = url.pathname
  if (raw.includes('\\') || /%5c/i.test(raw)) return refuse('backslash')
  let decoded: string
  try {
    decoded = decodeURIComponent(raw)
  } catch {
    return refuse('bad percent-encoding')
  }
  if (decoded.includes('\0')) return refuse('NUL byte')
  if (decoded.includes('\\')) return refuse('backslash')
  if (decoded.includes(':')) return refuse('drive letter or stream name')
  if (decoded.startsWith('//')) return refuse('absolute path')
  const segments = decoded.split('/').slice(1)
  if (segments.some((segment) => segment === '..' || segment === '.')) return refuse('dot segment')
  const relative = segments.join('/') || 'index.html'
  if (isAbsolute(relative)) return refuse('absolute path')
  const rootDir = normalize(root)
  const file = normalize(join(rootDir, relative))
  const rootWithSep = rootDir.endsWith(sep) ? rootDir : rootDir + sep
  if (!file.startsWith(rootWithSep)) return refuse('outside the renderer folder')
  return { ok: true, file }
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
}

/** The Content-Type of a renderer file; unknown kinds are plain bytes (and nosniff keeps them so). */
export function appContentType(file: string): string {
  return contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream'
}
