#!/usr/bin/env node
// A tiny static file server on 127.0.0.1, for the seat-map harness in tests and benchmarks.
import { createReadStream, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'

const [dir = '.', portArg = '0'] = process.argv.slice(2)
const root = resolve(dir)
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml' }

const server = createServer((req, res) => {
  const path = normalize(join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)))
  const file = path === root || path === root + sep ? join(root, 'index.html') : path
  if (!file.startsWith(root + sep)) return res.writeHead(400).end()
  try {
    if (!statSync(file).isFile()) throw new Error('not a file')
  } catch {
    return res.writeHead(404).end()
  }
  // Cross-origin isolated (the harness loads nothing from elsewhere): performance.now()
  // then steps by 5 µs instead of 100 µs, fine enough to time one hit test.
  res.writeHead(200, {
    'content-type': types[extname(file)] ?? 'application/octet-stream',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-embedder-policy': 'require-corp',
  })
  createReadStream(file).pipe(res)
})
server.listen(Number(portArg), '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${server.address().port}/`)
})
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close(() => process.exit(0)))
