import { protocol } from 'electron'
import { readFile, stat } from 'node:fs/promises'
import { APP_SCHEME, appContentType, resolveAppPath } from '../security/app-path'
import { RENDERER_CSP } from '../security/renderer-csp'

/**
 * Serves the built renderer (out/renderer) on `app://foyer/…` instead of
 * file://. The path logic, with its traversal checks, is plain Node in
 * electron/security/app-path.ts; this file only reads the file and answers
 * with the CSP and nosniff headers. Unknown files are 404: the router keeps
 * its history in memory, so no path ever falls back to index.html.
 */

/** Must run before the app is ready: Chromium fixes its scheme table at start. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      // standard: a real origin ('self' in the CSP, the IPC sender check); secure: like https.
      // No bypassCSP, no corsEnabled, no stream or service-worker privileges: nothing is needed beyond loading files.
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ])
}

const securityHeaders = {
  'content-security-policy': RENDERER_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cache-control': 'no-store',
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...securityHeaders, 'content-type': 'text/plain; charset=utf-8' } })
}

/** Answers one app:// request from `rendererDir`; exported apart from the handler for clarity, not for reuse. */
export async function serveAppRequest(rendererDir: string, request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'method not allowed')
  const resolved = resolveAppPath(rendererDir, request.url)
  if (!resolved.ok) return plain(resolved.status, resolved.reason)
  try {
    if (!(await stat(resolved.file)).isFile()) return plain(404, 'not found')
    const body = request.method === 'HEAD' ? null : await readFile(resolved.file)
    return new Response(body, { status: 200, headers: { ...securityHeaders, 'content-type': appContentType(resolved.file) } })
  } catch {
    return plain(404, 'not found')
  }
}

/** After ready: the handler on the default session, where the window lives. */
export function handleAppScheme(rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(rendererDir, request))
}
