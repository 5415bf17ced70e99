import { request } from 'node:https'

/**
 * A fetch, for tests, that trusts one more root than the system's: a sandbox serving https with a
 * root of its own (`--tls`, a staging venue's vendor). Enough of fetch for JSON calls: method,
 * headers and a string body; the answer read whole. Node's own https, as the global fetch cannot be
 * given a root, and undici is not a dependency of ours.
 */
export function trustingFetch(rootPem: string): typeof globalThis.fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      const headers = Object.fromEntries(new Headers(init.headers).entries())
      const sent = request(url, { method: init.method ?? 'GET', headers, ca: rootPem, signal: init.signal ?? undefined }, (answer) => {
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode ?? 500 })))
        answer.on('error', reject)
      })
      sent.on('error', reject)
      sent.end(typeof init.body === 'string' ? init.body : undefined)
    })
}
