import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname, join } from 'node:path'
import { APP_ORIGIN, appContentType, resolveAppPath } from '../security/app-path'
import { RENDERER_CSP } from '../security/renderer-csp'


/** The same policy the packaged app sets on its own app:// protocol (one definition, electron/security). */
export { RENDERER_CSP }

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
  // The same resolver as the packaged app's app:// protocol: one place refuses every traversal trick.
  const resolved = resolveAppPath(root, `${APP_ORIGIN}${urlPath}`)
  if (!resolved.ok) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('bad path')
    return
  }
  let file = resolved.file
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
    'content-type': appContentType(file),
    'content-security-policy': RENDERER_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  })
  if (headOnly) res.end()
  else createReadStream(file).pipe(res)
}
