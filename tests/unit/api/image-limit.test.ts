import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiCallError } from '../../../electron/api/api-error'
import { MAX_IMAGE_BYTES } from '../../../electron/api/bounded-body'
import { SalesApi } from '../../../electron/api/sales-api'

/**
 * An image host that sends far more than any poster: Foyer must stop reading
 * at the 4 MB limit, not buffer the whole body and only then look at its size.
 * The host here is willing to send 64 MB and counts what it managed to write
 * before Foyer hung up.
 */
const WILLING = 64 * 1024 * 1024
const CHUNK = Buffer.alloc(64 * 1024, 0x61)

interface ImageHost {
  api: SalesApi
  /** Bytes written to the socket when the client went away (or all of them). */
  written: Promise<number>
}

let server: Server | null = null
afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = null
})

/** Writes up to WILLING bytes, respecting back-pressure, until the client disconnects. */
function pour(res: ServerResponse): Promise<number> {
  return new Promise((resolve) => {
    let sent = 0
    let finished = false
    const done = () => {
      if (finished) return
      finished = true
      resolve(sent)
    }
    res.on('close', done)
    const more = () => {
      while (!finished && sent < WILLING) {
        sent += CHUNK.length
        if (!res.write(CHUNK)) return void res.once('drain', more)
      }
      if (sent >= WILLING) res.end(done)
    }
    more()
  })
}

async function imageHost(declareLength: boolean): Promise<ImageHost> {
  let written!: Promise<number>
  const reached = new Promise<void>((resolve) => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', ...(declareLength ? { 'content-length': String(WILLING) } : {}) })
      written = pour(res)
      resolve()
    })
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`
  const api = new SalesApi({
    endpoints: { kind: 'sandbox', baseUrl: base, authUrl: base, imageBaseUrl: base, tenant: 't', clientId: 'c' },
    secret: async () => 's',
  })
  return { api, written: reached.then(() => written) }
}

/** The typed refusal, or what came instead (never the bytes themselves: 64 MB would swamp the report). */
async function refusal(api: SalesApi): Promise<ApiCallError | string> {
  try {
    const image = await api.image('poster.png')
    return `an image of ${image.bytes.length} bytes`
  } catch (error) {
    return error instanceof ApiCallError ? error : String(error)
  }
}

describe('an image bigger than 4 MB', () => {
  it('without a Content-Length: reading stops at the limit, long before the host runs out of body', async () => {
    const host = await imageHost(false)
    const failure = await refusal(host.api)
    expect(failure).toMatchObject({ kind: 'too-large', retryable: false })
    // What the host got onto the wire before the connection was torn down: the limit plus what
    // the sockets' buffers held, not the 64 MB it was ready to send.
    const written = await host.written
    expect(written).toBeLessThan(WILLING / 2)
    expect(written).toBeGreaterThan(MAX_IMAGE_BYTES)
  })

  it('with a Content-Length over the limit: refused on the headers, the body is not read', async () => {
    const host = await imageHost(true)
    const failure = await refusal(host.api)
    expect(failure).toMatchObject({ kind: 'too-large', code: 'api.too-large' })
    expect(await host.written).toBeLessThan(WILLING / 2)
  })
})
