import { enrolWithHub, HEARTBEAT_INTERVAL_MS, HeartbeatAnswer, HUB_PATHS, type EnrolmentResult, type Heartbeat, type HeartbeatSecrets, type LocalStaffAccount, type PinTryAnswer } from '../../hub/protocol'
import type { FoundSale } from '../contract'
import type { LocalDb } from '../database/local-db'
import type { Logger } from '../ipc-core/logger'
import type { CredentialVault } from '../vault/credential-vault'
import { readHubDeviceToken, removeHubDeviceToken, storeHubDeviceToken } from '../vault/hub-device-token'
import { backendWord, type DeviceFacts } from './device-state'
import type { HubConnectRequest } from './hub-address'
import { HubStaffStore } from './hub-staff-store'
import { LinkStore, type HubLinkRecord } from './link-store'
import { Outbox } from './outbox'
import type { ProfileFollower } from './profile-follower'
import type { HubUpdateOrders } from './update-orders'
import { certificateAt, postPinned, postPinnedJson, type HubAnswer, type PinnedCertificate } from './pinned-https'
import { searchSaleAtHub } from './sale-search'
import { pullStaffIfChanged, tellPinTry } from './staff-sync'
import { SupportFileUpload } from './support-file-upload'
import { Uploader, type UploaderOptions } from './uploader'

/**
 * This device's link to the box office's hub: enrolment (the certificate pinned, the token into the
 * keychain), a heartbeat every HEARTBEAT_INTERVAL_MS with the device's state, and the journal's
 * records uploaded once each. A device the hub answers "revoked" goes out of service and stays so,
 * across restarts, until staff disconnect it. Without a link, nothing here runs: a device without a
 * hub works as ever.
 */
export interface HubLinkOptions {
  db: LocalDb
  vault: CredentialVault
  log: Logger
  /** The device's state now, for a heartbeat. */
  facts: () => Promise<DeviceFacts>
  /** The device's patron window in days (the staff setting). */
  patronDays: () => number
  /** Told when the device goes out of service or back in. */
  onServiceChange?: (outOfService: boolean) => void
  /** The device's own staff accounts, told to the hub at each pull (the manager merges or drops them). */
  localStaff?: () => LocalStaffAccount[]
  /** Told when the venue's staff accounts kept here changed (pulled anew, or forgotten on leaving the hub). */
  onStaffChange?: () => void
  now?: () => number
  /** Tests beat faster than every 15 s, and retry uploads sooner. */
  intervalMs?: number
  backoff?: UploaderOptions['backoff']
  /** Follows the profile and service rules the hub gives this device (absent: they are not asked for). */
  profile?: ProfileFollower
  /** Whether the keychain holds the vendor secret and the terminal's passphrase (yes or no, never them). */
  secrets?: () => Promise<HeartbeatSecrets>
  /** Where the hub's order of which Foyer version to take is kept for the updater, and its report read from (absent: not followed). */
  update?: HubUpdateOrders
  /** Makes the support file a manager may ask for from the hub, as "Save logs for support" does (absent: none is sent). */
  supportFile?: () => Promise<string>
}

export type HubConnectOutcome = { ok: true; name: string; place: string } | { ok: false; reason: Exclude<EnrolmentResult, { ok: true }>['reason'] | 'wrong-certificate' | 'not-reachable'; retryAfterSeconds?: number }

/** What staff see of the link: never the token. */
export interface HubLinkStatus {
  connected: boolean
  url: string | null
  fingerprint: string | null
  name: string | null
  place: string | null
  outOfService: boolean
  uploadsWaiting: number
  lastHeartbeatAt: number | null
}

export class HubLink {
  readonly outbox: Outbox
  /** The venue's staff accounts as last pulled: they sign in here while the hub is unreachable too. */
  readonly staff: HubStaffStore
  readonly #store: LinkStore
  readonly #now: () => number
  #token: string | null = null
  #timer: ReturnType<typeof setInterval> | null = null
  #uploader: Uploader | null = null
  #beating: Promise<void> | null = null
  readonly #support: SupportFileUpload | null

  constructor(private readonly options: HubLinkOptions) {
    this.#store = new LinkStore(options.db)
    this.outbox = new Outbox(options.db, options.patronDays, options.now)
    this.staff = new HubStaffStore(options.db)
    this.#now = options.now ?? Date.now
    const make = options.supportFile
    this.#support = make ? new SupportFileUpload({ make, post: (path, json) => this.#postJson(path, json), log: options.log }) : null
  }

  /** The profile and service rules the hub gives this device (absent where they are not followed). */
  get profile(): ProfileFollower | undefined {
    return this.options.profile
  }

  /** Revoked by the hub: sells nothing (main refuses every sale, the screens say "out of service"). */
  get outOfService(): boolean {
    return this.#store.read()?.revokedAt != null
  }

  status(): HubLinkStatus {
    const link = this.#store.read()
    return {
      connected: link !== null,
      url: link?.url ?? null,
      fingerprint: link?.fingerprint ?? null,
      name: link?.name ?? null,
      place: link?.place ?? null,
      outOfService: link?.revokedAt != null,
      uploadsWaiting: link ? this.outbox.waiting() : 0,
      lastHeartbeatAt: link?.lastHeartbeatAt ?? null,
    }
  }

  /** Enrols with the hub: only over the certificate whose fingerprint staff gave, proving the code both ways. */
  async connect(given: HubConnectRequest, appVersion: string): Promise<HubConnectOutcome> {
    let pinned: PinnedCertificate
    try {
      pinned = await certificateAt(given.url, given.fingerprint)
    } catch (error) {
      return { ok: false, reason: (error as Error).name === 'HubCertificateRefused' ? 'wrong-certificate' : 'not-reachable' }
    }
    const send = (request: unknown) => postPinned(given.url, HUB_PATHS.enrol, request, pinned)
    let result: EnrolmentResult
    try {
      result = await enrolWithHub({ code: given.code, seenFingerprint: pinned.fingerprint, appVersion, send })
    } catch {
      return { ok: false, reason: 'not-reachable' }
    }
    if (!result.ok) return { ok: false, reason: result.reason, ...(result.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: result.retryAfterSeconds }) }
    await this.#forget()
    const link = { url: given.url, fingerprint: pinned.fingerprint, deviceId: result.deviceId }
    // The token goes to the keychain before the link is kept: a link is never left without its token.
    await storeHubDeviceToken(this.options.vault, link, result.deviceToken)
    this.#store.save({ ...link, certificatePem: pinned.pem, name: result.name, place: result.place, enrolledAt: this.#now() })
    this.#token = result.deviceToken
    this.options.onServiceChange?.(false)
    this.start()
    return { ok: true, name: result.name, place: result.place }
  }

  /** Forgets the hub: the token leaves the keychain, the heartbeats stop; a revoked device is back in service. */
  async disconnect(): Promise<void> {
    const wasOut = this.outOfService
    await this.#forget()
    if (wasOut) this.options.onServiceChange?.(false)
  }

  async #forget(): Promise<void> {
    await this.stop()
    const link = this.#store.read()
    if (link) await removeHubDeviceToken(this.options.vault, link.deviceId)
    this.#store.remove()
    this.options.profile?.forget()
    this.#token = null
    this.staff.clear()
    this.options.onStaffChange?.()
  }

  /** A PIN typed here for a venue account, told to the hub: its answer, or null when it cannot be asked now. */
  pinTry(staffId: string, right: boolean): Promise<PinTryAnswer | null> {
    if (!this.#store.read() || this.outOfService) return Promise.resolve(null)
    return tellPinTry((path, body) => this.#post(path, body), { staffId, right })
  }

  /** A sale of another device of the venue, by the code a counter scanned (./sale-search.ts); null when not linked, revoked, or unreachable. */
  findSale(code: string, backend: string): Promise<FoundSale | null> {
    if (!this.#store.read() || this.outOfService) return Promise.resolve(null)
    return searchSaleAtHub((path, body) => this.#post(path, body), code, backend)
  }

  /** Beats (and uploads) now and every interval, when linked. */
  start(): void {
    if (this.#timer || !this.#store.read()) return
    this.#uploader = new Uploader({ outbox: this.outbox, post: (path, body) => this.#post(path, body), log: this.options.log, now: this.#now, backoff: this.options.backoff })
    void this.beat()
    this.#timer = setInterval(() => void this.beat(), this.options.intervalMs ?? HEARTBEAT_INTERVAL_MS)
    this.#timer.unref?.()
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    await this.#uploader?.stop()
    this.#uploader = null
    await this.#beating
    await this.#support?.settled()
  }

  /** One heartbeat, then an upload of whatever waits. One at a time: a slow hub does not pile them up. */
  beat(): Promise<void> {
    this.#beating ??= this.#beat().finally(() => {
      this.#beating = null
    })
    return this.#beating
  }

  /** Uploads what waits now (the tests, and a sale just made). */
  upload(): Promise<void> {
    return this.#uploader?.kick() ?? Promise.resolve()
  }

  async #beat(): Promise<void> {
    try {
      const answer = await this.#post(HUB_PATHS.heartbeat, await this.#heartbeat())
      const parsed = answer.status === 200 ? HeartbeatAnswer.safeParse(answer.body) : null
      if (!parsed?.success) throw new Error(`the hub answered the heartbeat with ${answer.status}`)
      this.#store.heard(this.#now())
      if (parsed.data.status === 'revoked' && !this.outOfService) {
        this.#store.revoked(this.#now())
        this.options.log.warn('the hub has revoked this device: it is out of service')
        this.options.onServiceChange?.(true)
      }
      if (parsed.data.status === 'ok') {
        if (parsed.data.restored) this.#followRestore(parsed.data.restored)
        this.options.update?.heard(parsed.data.update)
        // A manager asked for this device's support file: made and sent beside the beat, never waited for by it.
        this.#support?.heard(parsed.data.supportFileWanted)
        await this.#syncStaff(parsed.data.staffVersion)
        if (parsed.data.profileRevision) await this.#follow(parsed.data.profileRevision)
      }
    } catch (error) {
      this.options.log.warn('the heartbeat did not reach the hub', { reason: (error as Error).message })
    }
    await this.upload()
  }

  /** The hub restored from a backup: what it answered after the backup waits to be sent again (the upload after the beat sends it). */
  #followRestore(restore: { id: string; recordsThrough: string }): void {
    const reopened = this.outbox.followRestore(restore)
    if (reopened > 0) this.options.log.warn('the hub was restored from a backup: sending again what it lacks', { records: reopened })
  }

  /** The profile named by the hub's answer, pulled when new and applied when no sale is under way. */
  async #follow(revision: string): Promise<void> {
    const profile = this.options.profile
    if (!profile) return
    await profile
      .heard(revision, async () => {
        const answer = await this.#post(HUB_PATHS.profile, {})
        if (answer.status !== 200) throw new Error(`the hub answered the profile with ${answer.status}`)
        return answer.body
      })
      .catch((error: unknown) => this.options.log.warn('the profile from the hub is not applied yet', { reason: (error as Error).message }))
  }

  /** The venue's staff accounts pulled when the heartbeat named another version: a disabled person is signed out then. */
  async #syncStaff(hubVersion: number | undefined): Promise<void> {
    const local = this.options.localStaff?.() ?? []
    if (await pullStaffIfChanged((path, body) => this.#post(path, body), this.staff, hubVersion, local, this.#now())) this.options.onStaffChange?.()
  }

  async #heartbeat(): Promise<Heartbeat> {
    const facts = await this.options.facts()
    return {
      appVersion: facts.appVersion.slice(0, 40),
      mode: facts.mode,
      backend: backendWord(facts.backend),
      screen: facts.screen,
      seatsHeld: facts.seatsHeld,
      terminal: { state: facts.terminal, since: new Date(this.#terminalSince(facts.terminal)).toISOString() },
      printer: facts.printer,
      uploadsWaiting: this.outbox.waiting(),
      lastSaleAt: facts.lastSaleAt === null ? null : new Date(facts.lastSaleAt).toISOString(),
      freeDiskBytes: facts.freeDiskBytes,
      // Read at each beat, as the journal reads it for each record: a window shortened on the staff screen reaches the hub within a heartbeat.
      patronDays: this.options.patronDays(),
      sentAt: new Date(this.#now()).toISOString(),
      ...optional('profile', this.options.profile?.heartbeat()),
      ...optional('secrets', await this.options.secrets?.().catch(() => undefined)),
      ...optional('drawer', facts.drawer),
      ...optional('update', this.options.update?.heartbeat()),
    }
  }

  #terminalState: { state: string; since: number } | null = null

  /** Since when the terminal has been in the state it is in (as this device has watched it). */
  #terminalSince(state: string): number {
    if (this.#terminalState?.state !== state) this.#terminalState = { state, since: this.#now() }
    return this.#terminalState.since
  }

  #post(path: string, body: unknown): Promise<HubAnswer> {
    return this.#postJson(path, JSON.stringify(body))
  }

  async #postJson(path: string, json: string): Promise<HubAnswer> {
    const link = this.#store.read()
    if (!link) throw new Error('this device is not connected to a hub')
    this.#token ??= await readHubDeviceToken(this.options.vault, link)
    if (!this.#token) throw new Error('the device token for this hub is not in the keychain')
    return postPinnedJson(link.url, path, json, pinnedOf(link), this.#token)
  }
}

/** `{ [name]: value }`, or nothing for a value not there: the heartbeat leaves out what the device does not say. */
const optional = <K extends string, V>(name: K, value: V | undefined) => (value === undefined ? {} : ({ [name]: value } as Record<K, V>))

const pinnedOf = (link: HubLinkRecord) => ({ fingerprint: link.fingerprint, pem: link.certificatePem })
