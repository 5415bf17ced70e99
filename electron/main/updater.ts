import { app } from 'electron'
import electronUpdater from 'electron-updater'
import type { Logger } from '../ipc-core/logger'
import type { HostRuntime } from '../services/host-runtime'
import { readUpdateFeed, shouldCheckForUpdates, type UpdateFeed } from '../services/update-feed'
import { canInstallUpdateNow, readUpdateFacts, type UpdateHoldReason } from '../services/update-gate'
import { decideUpdate, mayInstall, reportOf, type UpdateSituation } from '../services/update-decision'
import type { UpdateOrder } from '../../hub/protocol'

/**
 * Auto-update for installed kiosks (electron-updater). Looks for a new version
 * on the configured feed, downloads it in the background, and installs it only
 * when the kiosk is at rest (update-gate.ts): never mid-sale. Otherwise it
 * installs when Foyer next quits. Only Electron main starts this; the browser
 * host never updates anything.
 *
 * Staff may change the feed in the settings screen while Foyer runs, so the
 * feed is read afresh (settings, then the environment's overrides) every
 * minute: switched off, nothing is checked or installed from then on; a new
 * address is used from the next check (and checked at once); a new interval
 * counts from the last check.
 *
 * Where the box office's hub runs a rollout for this kiosk, its heartbeat answer says which version the
 * kiosk may take now (services/update-decision.ts decides what that means here): only that version is
 * downloaded, downgrades allowed when the hub sends the kiosk back, and installed at rest as any other.
 */
/** How often the feed settings are read and a due check is made; the first check comes on the first tick. */
const TICK_MS = 60_000
/** How often a downloaded update asks the gate whether the kiosk is at rest. */
const GATE_POLL_MS = 30_000
/** The gate must say "at rest" this many polls in a row, so a customer just arriving is not cut off. */
const QUIET_POLLS = 2

type AutoUpdater = typeof electronUpdater.autoUpdater

export function startUpdater(runtime: HostRuntime, log: Logger, env: NodeJS.ProcessEnv = process.env): void {
  new Updater(runtime, log, env).start()
}

/** One kiosk's updates: each step a method, the state between ticks in fields. */
class Updater {
  #updater: AutoUpdater | null = null
  /** The feed address electron-updater uses now; null: the installer's own (app-update.yml), as it starts. */
  #feedInUse: string | null = null
  /** When the last check was made (monotonic clock), or null before the first. */
  #lastCheckAt: number | null = null
  /** The last "off" reason logged, so the log says each change once; null while updates are on. */
  #offReason: string | null | undefined
  #downloaded: string | null = null
  #quietPolls = 0
  #lastReason: UpdateHoldReason | null = null
  /** Under a rollout: what the feed offered for the ordered version, what failed, and a check or download under way. */
  #offered: UpdateSituation['offered'] = null
  #failed: UpdateSituation['failed'] = null
  #asking = false
  #installing: string | null = null
  #timers: NodeJS.Timeout[] = []

  constructor(
    private readonly runtime: HostRuntime,
    private readonly log: Logger,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  start(): void {
    // Says at start whether updates are on, as it always has.
    this.#guarded(() => this.#switchedOn(this.#readFeed()))()
    this.#timers = [setInterval(this.#guarded(() => this.#tick()), TICK_MS), setInterval(this.#guarded(() => this.#installWhenAtRest()), GATE_POLL_MS)]
    app.once(
      'before-quit',
      this.#guarded(() => {
        this.#stop()
        // The settings as they are at this moment decide whether a downloaded update installs on quit.
        if (this.#updater) this.#updater.autoInstallOnAppQuit = this.#readFeed().enabled && this.#allowedToInstall()
      }),
    )
  }

  /** electron-updater, set up the first time updates are on (a run with them off never touches it). */
  #autoUpdater(): AutoUpdater {
    if (this.#updater) return this.#updater
    const updater = electronUpdater.autoUpdater
    const log = this.log
    updater.logger = { info: () => {}, debug: () => {}, warn: (m: unknown) => log.warn(`updater: ${String(m)}`), error: (m: unknown) => log.error(`updater: ${String(m)}`) }
    updater.autoDownload = true
    updater.allowDowngrade = false
    updater.on('update-downloaded', (info: { version: string }) => {
      this.#downloaded = info.version
      this.#installWhenAtRest()
    })
    updater.on('error', (error: Error) => {
      log.warn('updater error', { reason: error.message })
      // An install that failed is told to the hub (a pilot's failure holds its rollout); not tried again until the next check.
      if (this.#installing) {
        this.#failed = { version: this.#installing, reason: 'install-failed' }
        this.runtime.hubUpdate?.report({ state: 'failed', version: this.#installing, reason: 'install-failed' })
      }
      this.#installing = null
    })
    return (this.#updater = updater)
  }

  #readFeed(): UpdateFeed {
    return readUpdateFeed(this.env, app.isPackaged, this.runtime.settings.get().updates)
  }

  /** Whether updates are on now; says so in the log when that changes. */
  #switchedOn(feed: UpdateFeed): boolean {
    // Quitting is never mid-sale (main gives every hold back before it exits), so a downloaded
    // update installs then; switched off, it does not.
    if (feed.enabled) this.#autoUpdater().autoInstallOnAppQuit = true
    else if (this.#updater) this.#updater.autoInstallOnAppQuit = false
    const reason = feed.enabled ? null : (feed.reason ?? 'off')
    if (reason !== this.#offReason) {
      if (reason) this.log.warn('updates are off', { reason })
      else this.log.warn('updates are on', { feed: feed.feedUrl ?? 'installer' })
    }
    this.#offReason = reason
    return feed.enabled
  }

  /** Points electron-updater at the feed, only when the address changed. */
  #useFeed(url: string | null): void {
    if (url === this.#feedInUse) return
    if (url) this.#autoUpdater().setFeedURL({ provider: 'generic', url })
    // Back to the installer's feed: this drops the setFeedURL override, and the next check reads
    // app-update.yml again (null is electron-updater's default path for it).
    else this.#autoUpdater().updateConfigPath = null
    this.#feedInUse = url
    // A new address is tried at once, so staff soon see in the log whether it works.
    this.#lastCheckAt = null
  }

  /** Every minute: the feed read afresh, and a check when one is due. */
  #tick(): void {
    const feed = this.#readFeed()
    if (!this.#switchedOn(feed)) return
    this.#useFeed(feed.feedUrl)
    if (!shouldCheckForUpdates(feed, this.runtime.services.system.info().backend)) return
    const now = performance.now()
    const due = this.#lastCheckAt === null || now - this.#lastCheckAt >= feed.checkEveryMs
    const order = this.runtime.hubUpdate?.current()
    if (order !== undefined) return this.#followHub(order, due)
    if (this.#downloaded || !due) return
    this.#lastCheckAt = now
    const updater = this.#autoUpdater()
    updater.autoDownload = true
    updater.allowDowngrade = false
    updater
      .checkForUpdates()
      .catch((error: unknown) => this.log.warn('update check failed', { reason: (error as Error).message }))
  }

  /** Whether the downloaded version may install: any without a rollout, only the ordered one under one. */
  #allowedToInstall(): boolean {
    return this.#downloaded === null || mayInstall(this.runtime.hubUpdate?.current(), this.#downloaded)
  }

  /** Under a rollout: one step of services/update-decision.ts carried out, and what it is told to the hub. */
  #followHub(order: UpdateOrder, due: boolean): void {
    // Each check period asks the feed again and forgives what failed in the last.
    if (due) {
      this.#lastCheckAt = performance.now()
      this.#offered = null
      this.#failed = null
    }
    const updater = this.#autoUpdater()
    const step = decideUpdate({ order, current: app.getVersion(), offered: this.#offered, downloaded: this.#downloaded, failed: this.#failed })
    this.runtime.hubUpdate?.report(reportOf(step))
    updater.autoDownload = false
    updater.allowDowngrade = order.allowDowngrade
    updater.autoInstallOnAppQuit = this.#allowedToInstall()
    if (this.#asking || (step.do !== 'check' && step.do !== 'download')) return
    this.#asking = true
    const { version } = step
    const asked =
      step.do === 'check'
        ? updater.checkForUpdates().then((result) => {
            this.#offered = { for: version, version: result?.isUpdateAvailable ? result.updateInfo.version : null }
          })
        : updater.downloadUpdate().then(() => undefined)
    asked
      .catch((error: unknown) => {
        this.log.warn('the version the hub gave could not be fetched', { version, reason: (error as Error).message })
        this.#failed = { version, reason: step.do === 'check' ? 'not-offered' : 'download-failed' }
      })
      .finally(() => (this.#asking = false))
  }

  /** A downloaded update installs once the gate says "at rest" QUIET_POLLS times in a row. */
  #installWhenAtRest(): void {
    if (!this.#downloaded || !this.#allowedToInstall()) return
    // Staff switched updates off after the download: it waits until they are on again.
    if (!this.#readFeed().enabled) {
      this.#quietPolls = 0
      return
    }
    const verdict = canInstallUpdateNow(readUpdateFacts(this.runtime.sales, this.runtime.services.system))
    if (!verdict.ok) {
      this.#quietPolls = 0
      if (verdict.reason !== this.#lastReason) this.log.warn('update waits for the kiosk to be at rest', { version: this.#downloaded, reason: verdict.reason })
      this.#lastReason = verdict.reason
      return
    }
    if (++this.#quietPolls < QUIET_POLLS) return
    this.log.warn('installing update at rest', { version: this.#downloaded })
    this.#stop()
    this.#installing = this.#downloaded
    // Silent install, then start Foyer again: the kiosk comes back on the attract screen.
    this.#autoUpdater().quitAndInstall(true, true)
  }

  /** A timer callback that throws would be an uncaught exception in main: each step is guarded. */
  #guarded(step: () => void): () => void {
    return () => {
      try {
        step()
      } catch (error) {
        this.log.error('updater step failed', { reason: (error as Error).message })
      }
    }
  }

  #stop(): void {
    for (const timer of this.#timers) clearInterval(timer)
  }
}
