import { vi } from 'vitest'
import type { z } from 'zod'
import {
  AddDeviceRequest,
  CardPaymentsQuery,
  DASHBOARD_PATHS,
  type DayCardPayment,
  type DashboardDevice,
  type DashboardEvent,
  type DashboardRefusal,
  FirstManagerRequest,
  SignInRequest,
  PROFILE_PATHS,
  ProfileRequest,
  DeviceSetupRequest,
  ServiceRuleRequest,
  type DashboardProfile,
  type DashboardServiceRule,
  type DeviceSetup,
  type Alert,
  type BackupStatus,
  type FoundSale,
  type TodayAnswer,
  SUPPORT_FILE_PATHS,
  type SupportFileView,
} from '../../hub/protocol/dashboard'
import { manager, todayFigures } from './fixtures'

type Sent = { method: string; path: string; body: unknown; headers: Headers; credentials: RequestCredentials | undefined }
/** An answer the test sets for the next request to a path: a status and any body, well-formed or not. */
type Canned = { status: number; body: unknown }

/** The browser's EventSource as far as the page uses it, driven by the test. */
export class FakeEventSource {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static open: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING
  onopen: ((event: Event) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  closed = false
  constructor(readonly url: string) {
    FakeEventSource.open.push(this)
  }
  close(): void {
    this.closed = true
    this.readyState = FakeEventSource.CLOSED
    FakeEventSource.open = FakeEventSource.open.filter((source) => source !== this)
  }
  connect(): void {
    this.readyState = FakeEventSource.OPEN
    this.onopen?.(new Event('open'))
  }
  /** A dropped connection the browser reconnects by itself. */
  break(): void {
    this.readyState = FakeEventSource.CONNECTING
    this.onerror?.(new Event('error'))
  }
  /** An answer that is no event stream (a 401, a proxy's 502): the browser gives the stream up. */
  fail(): void {
    this.readyState = FakeEventSource.CLOSED
    this.onerror?.(new Event('error'))
  }
  send(data: string): void {
    this.onmessage?.(new MessageEvent('message', { data }))
  }
}

/**
 * The hub at the network's edge only: fetch and EventSource replaced by one that answers the
 * contract's paths from fixtures, parses each request body with the contract's request schema (as the
 * real server does), and keeps what was sent. Everything above fetch is the page's own code.
 */
export class FakeHub {
  signedIn = false
  /** No manager yet: GET session's 401 says so, as the hub's does. */
  firstManagerNeeded = false
  password = 'correct horse battery'
  firstCode = 'ABCD-EFGH-JK'
  devices: DashboardDevice[] = []
  alerts: Alert[] = []
  backups: BackupStatus = { lastGood: null, lastFailure: null, schedule: null }
  today: TodayAnswer = todayFigures()
  /** Sales the lookup answers, by reference. */
  salesByReference = new Map<string, FoundSale[]>()
  profiles: DashboardProfile[] = []
  setups: DeviceSetup[] = []
  rules: DashboardServiceRule[] = []
  revision = 1
  /** End of day's card payments, every day's: the page asks for them a page at a time. */
  cardPayments: DayCardPayment[] = []
  /** Each device's newest support file. */
  supportFiles: SupportFileView[] = []
  sent: Sent[] = []
  private canned = new Map<string, Canned>()

  install(): this {
    FakeEventSource.open = []
    vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => this.fetch(path, init))
    vi.stubGlobal('EventSource', FakeEventSource)
    return this
  }

  /** The next `method path` is answered with this instead of the fixtures. */
  answerNext(method: string, path: string, status: number, body: unknown): void {
    this.canned.set(`${method} ${path}`, { status, body })
  }

  get stream(): FakeEventSource {
    const source = FakeEventSource.open.find((s) => s.url === DASHBOARD_PATHS.events)
    if (!source) throw new Error('the page has no event stream open')
    return source
  }

  push(event: DashboardEvent): void {
    this.stream.send(JSON.stringify(event))
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    const method = init.method ?? 'GET'
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    this.sent.push({ method, path, body, headers: new Headers(init.headers), credentials: init.credentials })
    const canned = this.canned.get(`${method} ${path}`)
    this.canned.delete(`${method} ${path}`)
    const answer = canned ?? this.route(method, path, body)
    return new Response(answer.body === undefined ? null : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    })
  }

  private route(method: string, path: string, body: unknown): Canned {
    const key = `${method} ${path}`
    if (key === `POST ${DASHBOARD_PATHS.session}`) return this.signIn(body)
    if (key === `POST ${DASHBOARD_PATHS.firstManager}`) return this.firstManager(body)
    if (!this.signedIn) return refused({ refused: 'signed-out', ...(key === `GET ${DASHBOARD_PATHS.session}` && this.firstManagerNeeded ? { firstManagerNeeded: true } : {}) }, 401)
    if (key === `GET ${DASHBOARD_PATHS.session}`) return { status: 200, body: { manager } }
    if (key === `DELETE ${DASHBOARD_PATHS.session}`) return (this.signedIn = false), { status: 204, body: undefined }
    if (key === `GET ${DASHBOARD_PATHS.devices}`) return { status: 200, body: { devices: this.devices } }
    if (key === `GET ${DASHBOARD_PATHS.alerts}`) return { status: 200, body: { alerts: this.alerts } }
    if (key === `GET ${DASHBOARD_PATHS.backups}`) return { status: 200, body: this.backups }
    if (key === `GET ${DASHBOARD_PATHS.today}`) return { status: 200, body: this.today }
    if (method === 'GET' && path.startsWith(`${DASHBOARD_PATHS.sales}?`)) {
      const reference = new URLSearchParams(path.slice(path.indexOf('?') + 1)).get('reference') ?? ''
      return { status: 200, body: { sales: this.salesByReference.get(reference) ?? [] } }
    }
    if (key === `POST ${DASHBOARD_PATHS.devices}`) return this.addDevice(body)
    if (key === `GET ${SUPPORT_FILE_PATHS.list}`) return { status: 200, body: { supportFiles: this.supportFiles } }
    const asked = this.devices.find((d) => path === SUPPORT_FILE_PATHS.ask(d.id))
    if (method === 'POST' && asked) return { status: 200, body: this.askSupportFile(asked.id) }
    if (method === 'GET' && /^\/api\/days\/[^/]+\/card-payments\?/.test(path)) {
      const query = CardPaymentsQuery.parse(Object.fromEntries(new URLSearchParams(path.slice(path.indexOf('?') + 1))))
      return { status: 200, body: { total: this.cardPayments.length, offset: query.offset, payments: this.cardPayments.slice(query.offset, query.offset + query.limit) } }
    }
    if (path.startsWith('/api/profiles') || path.startsWith('/api/service-rules') || path.endsWith('/setup')) return this.profileRoute(method, path, body)
    // As the hub answers (hub/server/devices/device-grid-routes.ts): the revoked device's tile, the acknowledged alert.
    const revoke = this.devices.find((d) => path === DASHBOARD_PATHS.revokeDevice(d.id))
    if (method === 'POST' && revoke) return Object.assign(revoke, { state: 'revoked', reasons: [], stateSince: new Date().toISOString() }), { status: 200, body: revoke }
    const ack = this.alerts.find((a) => path === DASHBOARD_PATHS.acknowledgeAlert(a.id))
    if (method === 'POST' && ack) return (ack.acknowledged = { by: manager.name, at: new Date().toISOString() }), { status: 200, body: ack }
    return refused({ refused: 'not-found' }, 404)
  }

  /** As hub/server/profiles/profile-routes.ts answers: each change counts the revision up. */
  private profileRoute(method: string, path: string, body: unknown): Canned {
    const page = () => ({ status: 200, body: { revision: String(this.revision), profiles: this.profiles, devices: this.setups } })
    const rules = () => ({ status: 200, body: { rules: this.rules } })
    if (method === 'GET') return path === PROFILE_PATHS.profiles ? page() : rules()
    this.revision++
    if (method === 'POST' && path === PROFILE_PATHS.profiles) {
      const request = parse(ProfileRequest, body)
      if (!request) return refused({ refused: 'invalid-request' }, 400)
      if (this.profiles.some((p) => p.name === request.name)) return refused({ refused: 'name-taken' }, 409)
      const profile = { ...request, id: `6f9a3c1e-0000-4000-8000-00000000010${this.profiles.length}`, updatedAt: new Date().toISOString(), updatedBy: manager.name }
      this.profiles.push(profile)
      return { status: 200, body: profile }
    }
    const profile = this.profiles.find((p) => path === PROFILE_PATHS.profile(p.id))
    const request = parse(ProfileRequest, body)
    if (method === 'PUT' && profile && request) return Object.assign(profile, request), { status: 200, body: profile }
    const setup = this.setups.find((d) => path === PROFILE_PATHS.deviceSetup(d.id))
    const given = parse(DeviceSetupRequest, body)
    if (method === 'PUT' && setup && given) return Object.assign(setup, given), page()
    const rule = parse(ServiceRuleRequest, body)
    if (method === 'POST' && rule) return this.rules.push({ ...rule, id: `6f9a3c1e-0000-4000-8000-00000000020${this.rules.length}`, createdBy: manager.name, createdAt: new Date().toISOString() }), rules()
    const ended = this.rules.find((r) => path === PROFILE_PATHS.serviceRule(r.id))
    if (method === 'DELETE' && ended) return (this.rules = this.rules.filter((r) => r !== ended)), rules()
    return refused({ refused: method === 'DELETE' || method === 'PUT' ? 'not-found' : 'invalid-request' }, method === 'DELETE' || method === 'PUT' ? 404 : 400)
  }

  /** As hub/server/devices/support-file-routes.ts answers: a new request in the manager's name, the device's open one if it has one. */
  private askSupportFile(deviceId: string): SupportFileView {
    const open = this.supportFiles.find((f) => f.deviceId === deviceId && f.state === 'asked')
    if (open) return open
    const file: SupportFileView = { id: `6f9a3c1e-0000-4000-8000-00000000030${this.supportFiles.length}`, deviceId, state: 'asked', askedBy: manager.name, askedAt: new Date().toISOString(), madeAt: null, receivedAt: null, bytes: null, downloaded: null }
    this.supportFiles = [...this.supportFiles.filter((f) => f.deviceId !== deviceId), file]
    return file
  }

  private signIn(body: unknown): Canned {
    const request = parse(SignInRequest, body)
    if (!request) return refused({ refused: 'invalid-request' }, 400)
    if (request.name !== manager.name || request.password !== this.password) return refused({ refused: 'wrong-name-or-password' }, 401)
    this.signedIn = true
    return { status: 200, body: { manager } }
  }

  private firstManager(body: unknown): Canned {
    const request = parse(FirstManagerRequest, body)
    if (!request) return refused({ refused: 'invalid-request' }, 400)
    if (request.code !== this.firstCode) return refused({ refused: 'code-not-valid' }, 403)
    this.signedIn = true
    this.firstManagerNeeded = false
    return { status: 200, body: { manager } }
  }

  private addDevice(body: unknown): Canned {
    const request = parse(AddDeviceRequest, body)
    if (!request) return refused({ refused: 'invalid-request' }, 400)
    const url = 'https://hub.local:7443'
    const fingerprint = 'ab'.repeat(32)
    return {
      status: 201,
      body: { code: 'K7Q2-M9XD-4R', expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(), hubUrl: url, fingerprint, enrolmentUri: `foyer-hub:?url=${encodeURIComponent(url)}&code=K7Q2-M9XD-4R&fingerprint=${fingerprint}` },
    }
  }
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> | null {
  const parsed = schema.safeParse(body)
  return parsed.success ? parsed.data : null
}

function refused(refusal: DashboardRefusal, status: number): Canned {
  return { status, body: refusal }
}
