import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { RENDERER_CSP } from '../security/renderer-csp'

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
  '.map': 'application/json; charset=utf-8',
}

/** The same policy the packaged app sets on its own app:// protocol (one definition, electron/security). */
export { RENDERER_CSP }

/** Resolves a URL path inside `root`, or null when it would escape it. */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const candidate = normalize(join(root, decoded))
  const rootWithSep = root.endsWith(sep) ? root : root + sep
  return candidate === root || candidate.startsWith(rootWithSep) ? candidate : null
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

/**
 * Serves the built renderer. Paths without an extension fall back to
 * index.html (the app decides its own screen); missing assets are 404.
 */
export async function serveRenderer(root: string, urlPath: string, res: ServerResponse, headOnly: boolean) {
  const resolved = resolveInside(root, urlPath === '/' ? '/index.html' : urlPath)
  if (resolved === null) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('bad path')
    return
  }
  let file = resolved
  if (!(await isFile(file))) {
    if (extname(urlPath) !== '') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found')
      return
    }
    file = join(root, 'index.html')
    if (!(await isFile(file))) {
      res
        .writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
        .end('The renderer is not built: run `npm run build` first.')
      return
    }
  }
  res.writeHead(200, {
    'content-type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-security-policy': RENDERER_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  })
  if (headOnly) res.end()
  else createReadStream(file).pipe(res)
}
