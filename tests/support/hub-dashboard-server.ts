import { createReadStream, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { AddDeviceRequest, DASHBOARD_PATHS, SignInRequest, type Alert, type DashboardDevice, type DashboardEvent } from '../../hub/protocol/dashboard'
import { manager } from '../hub-dashboard/fixtures'

/**
 * A stand-in for the hub's dashboard side, for the dashboard's Playwright spec until the real hub serves
 * it: the built page (out/hub-dashboard) and the contract's paths answered from fixtures, with an
 * HttpOnly, SameSite=Strict session cookie and the Origin of every state-changing request checked.
 */
export interface DashboardFixtureServer {
  url: string
  /** What every device added here is to scan: the QR the page shows must read back as this. */
  enrolmentUri: string
  devices: DashboardDevice[]
  alerts: Alert[]
  push(event: DashboardEvent): void
  close(): Promise<void>
}

const root = resolve('out/hub-dashboard')
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }
const cookie = 'foyer_hub_fixture_session=signed-in'

function json(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body === undefined ? undefined : JSON.stringify(body))
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  let text = ''
  for await (const chunk of req) text += chunk
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function serveFile(req: IncomingMessage, res: ServerResponse): void {
  const path = normalize(join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)))
  const file = path === root || path === root + sep ? join(root, 'index.html') : path
  if (!file.startsWith(root + sep) || !statSync(file, { throwIfNoEntry: false })?.isFile()) return void res.writeHead(404).end()
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
  createReadStream(file).pipe(res)
}

export async function startDashboardFixtureServer(fixtures: { devices: DashboardDevice[]; alerts: Alert[] }): Promise<DashboardFixtureServer> {
  const streams = new Set<ServerResponse>()
  const state = { devices: fixtures.devices, alerts: fixtures.alerts }
  let origin = ''
  const enrolmentUri = () => `foyer-hub:?url=${encodeURIComponent(origin)}&code=K7Q2-M9XD-4R&fingerprint=${'ab'.repeat(32)}`

  async function api(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const method = req.method ?? 'GET'
    const signedIn = (req.headers.cookie ?? '').includes(cookie)
    if (method !== 'GET' && req.headers.origin !== origin) return json(res, 403, { refused: 'wrong-origin' })
    if (method === 'POST' && path === DASHBOARD_PATHS.session) {
      const request = SignInRequest.safeParse(await bodyOf(req))
      if (!request.success || request.data.name !== manager.name) return json(res, 401, { refused: 'wrong-name-or-password' })
      return json(res, 200, { manager }, { 'set-cookie': `${cookie}; HttpOnly; SameSite=Strict; Path=/` })
    }
    if (!signedIn) return json(res, 401, { refused: 'signed-out' })
    if (method === 'GET' && path === DASHBOARD_PATHS.session) return json(res, 200, { manager })
    if (method === 'DELETE' && path === DASHBOARD_PATHS.session) return json(res, 204, undefined, { 'set-cookie': `${cookie}; Max-Age=0; Path=/` })
    if (method === 'GET' && path === DASHBOARD_PATHS.devices) return json(res, 200, { devices: state.devices })
    if (method === 'GET' && path === DASHBOARD_PATHS.alerts) return json(res, 200, { alerts: state.alerts })
    if (method === 'GET' && path === DASHBOARD_PATHS.events) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' }).write(': open\n\n')
      streams.add(res)
      req.on('close', () => streams.delete(res))
      return
    }
    if (method === 'POST' && path === DASHBOARD_PATHS.devices) {
      if (!AddDeviceRequest.safeParse(await bodyOf(req)).success) return json(res, 400, { refused: 'invalid-request' })
      return json(res, 201, { code: 'K7Q2-M9XD-4R', expiresAt: new Date(Date.now() + 900_000).toISOString(), hubUrl: origin, fingerprint: 'ab'.repeat(32), enrolmentUri: enrolmentUri() })
    }
    const device = state.devices.find((d) => path === DASHBOARD_PATHS.revokeDevice(d.id))
    if (method === 'POST' && device) {
      device.state = 'revoked'
      return json(res, 204)
    }
    const alert = state.alerts.find((a) => path === DASHBOARD_PATHS.acknowledgeAlert(a.id))
    if (method === 'POST' && alert) {
      alert.acknowledged = { by: manager.name, at: new Date().toISOString() }
      return json(res, 204)
    }
    json(res, 404, { refused: 'not-found' })
  }

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (path.startsWith('/api/')) void api(req, res, path)
    else serveFile(req, res)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: `${origin}/`,
    enrolmentUri: enrolmentUri(),
    ...state,
    push: (event) => {
      for (const stream of streams) stream.write(`data: ${JSON.stringify(event)}\n\n`)
    },
    close: async () => {
      for (const stream of streams) stream.end()
      server.closeAllConnections()
      await new Promise<void>((done) => server.close(() => done()))
    },
  }
}
