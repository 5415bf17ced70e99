import { request, type Agent } from 'node:http'

/**
 * One HTTP exchange on a keep-alive pool, for the benchmarks: the status and
 * the whole body as text. node:http rather than fetch, so the pool (and so the
 * number of connections a benchmark opens) is the benchmark's to set.
 */
export function exchange(agent: Agent, url: URL, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path: `${url.pathname}${url.search}`,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}
