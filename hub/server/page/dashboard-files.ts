import type { FastifyInstance } from 'fastify'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'

/**
 * The page may load only what the hub itself serves: its own scripts, styles, images (and data:
 * images, for the enrolment QR), and talk only to the hub. No inline script, no framing by another page.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
}

/** The path asked for, decoded; a path that does not decode is asked for as the page itself. */
function pagePath(url: string): string {
  try {
    return decodeURIComponent(new URL(url, 'https://hub').pathname)
  } catch {
    return '/'
  }
}

/**
 * The dashboard's built page (vite's output folder) at `/`: its files as they are, and index.html for
 * any other page path (the page routes itself). Nothing outside the folder, and nothing under the
 * hub's own /api or /device paths, is ever answered from it.
 */
export function dashboardFiles(app: FastifyInstance, dashboardDir: string): void {
  const root = resolve(dashboardDir)
  if (!existsSync(resolve(root, 'index.html'))) return
  app.get('/*', async (request, reply) => {
    const path = pagePath(request.url)
    if (path.startsWith('/api/') || path.startsWith('/device/')) return reply.code(404).send({ refused: 'not-found' })
    const asked = resolve(root, `.${path}`)
    if (asked !== root && !asked.startsWith(root + sep)) return reply.code(404).send({ refused: 'not-found' })
    const file = extname(asked) !== '' ? asked : resolve(root, 'index.html')
    const body = await readFile(file).catch(() => undefined)
    if (!body) return reply.code(404).send({ refused: 'not-found' })
    const hashed = file.includes(`${sep}assets${sep}`)
    return reply
      .header('content-type', TYPES[extname(file)] ?? 'application/octet-stream')
      .header('content-security-policy', DASHBOARD_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(body)
  })
}
