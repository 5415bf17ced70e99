import { app } from 'electron'
import electronUpdater from 'electron-updater'
import type { Logger } from '../ipc-core/dispatcher'
import type { HostRuntime } from '../services/host-runtime'
import { readUpdateFeed, shouldCheckForUpdates, type UpdateFeed } from '../services/update-feed'
import { canInstallUpdateNow, readUpdateFacts, type UpdateHoldReason } from '../services/update-gate'

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
 */
/** How often the feed settings are read and a due check is made; the first check comes on the first tick. */
const TICK_MS = 60_000
/** How often a downloaded update asks the gate whether the kiosk is at rest. */
const GATE_POLL_MS = 30_000
/** The gate must say "at rest" this many polls in a row, so a customer just arriving is not cut off. */
const QUIET_POLLS = 2

type AutoUpdater = typeof electronUpdater.autoUpdater

export function startUpdater(runtime: HostRuntime, log: Logger, env: NodeJS.ProcessEnv = process.env): void {
  let updater: AutoUpdater | null = null
  /** electron-updater, set up the first time updates are on (a run with them off never touches it). */
  const autoUpdater = (): AutoUpdater => {
    if (updater) return updater
    updater = electronUpdater.autoUpdater
    updater.logger = { info: () => {}, debug: () => {}, warn: (m: unknown) => log.warn(`updater: ${String(m)}`), error: (m: unknown) => log.error(`updater: ${String(m)}`) }
    updater.autoDownload = true
    updater.allowDowngrade = false
    updater.on('update-downloaded', (info: { version: string }) => {
      downloaded = info.version
      installWhenAtRest()
    })
    updater.on('error', (error: Error) => log.warn('updater error', { reason: error.message }))
    return updater
  }

  const readFeed = (): UpdateFeed => readUpdateFeed(env, app.isPackaged, runtime.settings.get().updates)

  /** The feed address electron-updater uses now; null: the installer's own (app-update.yml), as it starts. */
  let feedInUse: string | null = null
  /** When the last check was made (monotonic clock), or null before the first. */
  let lastCheckAt: number | null = null
  /** The last "off" reason logged, so the log says each change once; null while updates are on. */
  let offReason: string | null | undefined
  let downloaded: string | null = null
  let quietPolls = 0
  let lastReason: UpdateHoldReason | null = null

  /** Whether updates are on now; says so in the log when that changes. */
  const switchedOn = (feed: UpdateFeed): boolean => {
    // Quitting is never mid-sale (main gives every hold back before it exits), so a downloaded
    // update installs then; switched off, it does not.
    if (feed.enabled) autoUpdater().autoInstallOnAppQuit = true
    else if (updater) updater.autoInstallOnAppQuit = false
    const reason = feed.enabled ? null : (feed.reason ?? 'off')
    if (reason !== offReason) {
      if (reason) log.warn('updates are off', { reason })
      else log.warn('updates are on', { feed: feed.feedUrl ?? 'installer' })
    }
    offReason = reason
    return feed.enabled
  }

  /** Points electron-updater at the feed, only when the address changed. */
  const useFeed = (url: string | null): void => {
    if (url === feedInUse) return
    if (url) autoUpdater().setFeedURL({ provider: 'generic', url })
    // Back to the installer's feed: this drops the setFeedURL override, and the next check reads
    // app-update.yml again (null is electron-updater's default path for it).
    else autoUpdater().updateConfigPath = null
    feedInUse = url
    // A new address is tried at once, so staff soon see in the log whether it works.
    lastCheckAt = null
  }

  const tick = (): void => {
    const feed = readFeed()
    if (!switchedOn(feed)) return
    useFeed(feed.feedUrl)
    if (downloaded || !shouldCheckForUpdates(feed, runtime.services.system.info().backend)) return
    const now = performance.now()
    if (lastCheckAt !== null && now - lastCheckAt < feed.checkEveryMs) return
    lastCheckAt = now
    autoUpdater().checkForUpdates().catch((error: unknown) => log.warn('update check failed', { reason: (error as Error).message }))
  }

  const installWhenAtRest = (): void => {
    if (!downloaded) return
    // Staff switched updates off after the download: it waits until they are on again.
    if (!readFeed().enabled) {
      quietPolls = 0
      return
    }
    const verdict = canInstallUpdateNow(readUpdateFacts(runtime.sales, runtime.services.system))
    if (!verdict.ok) {
      quietPolls = 0
      if (verdict.reason !== lastReason) log.warn('update waits for the kiosk to be at rest', { version: downloaded, reason: verdict.reason })
      lastReason = verdict.reason
      return
    }
    if (++quietPolls < QUIET_POLLS) return
    log.warn('installing update at rest', { version: downloaded })
    stop()
    // Silent install, then start Foyer again: the kiosk comes back on the attract screen.
    autoUpdater().quitAndInstall(true, true)
  }

  // A timer callback that throws would be an uncaught exception in main: each tick is guarded.
  const guarded = (step: () => void) => () => {
    try {
      step()
    } catch (error) {
      log.error('updater step failed', { reason: (error as Error).message })
    }
  }
  // Says at start whether updates are on, as it always has.
  guarded(() => switchedOn(readFeed()))()
  const ticks = setInterval(guarded(tick), TICK_MS)
  const gate = setInterval(guarded(installWhenAtRest), GATE_POLL_MS)
  function stop(): void {
    clearInterval(ticks)
    clearInterval(gate)
  }
  app.once(
    'before-quit',
    guarded(() => {
      stop()
      // The settings as they are at this moment decide whether a downloaded update installs on quit.
      if (updater) updater.autoInstallOnAppQuit = readFeed().enabled
    }),
  )
}
