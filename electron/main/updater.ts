import { app } from 'electron'
import electronUpdater from 'electron-updater'
import type { Logger } from '../ipc-core/dispatcher'
import type { HostRuntime } from '../services/host-runtime'
import { readUpdateFeed, shouldCheckForUpdates } from '../services/update-feed'
import { canInstallUpdateNow, readUpdateFacts, type UpdateHoldReason } from '../services/update-gate'

/**
 * Auto-update for installed kiosks (electron-updater). Looks for a new version
 * on the configured feed, downloads it in the background, and installs it only
 * when the kiosk is at rest (update-gate.ts): never mid-sale. Otherwise it
 * installs when Foyer next quits. Only Electron main starts this; the browser
 * host never updates anything.
 */
const FIRST_CHECK_MS = 60_000
/** How often a downloaded update asks the gate whether the kiosk is at rest. */
const GATE_POLL_MS = 30_000
/** The gate must say "at rest" this many polls in a row, so a customer just arriving is not cut off. */
const QUIET_POLLS = 2

export function startUpdater(runtime: HostRuntime, log: Logger, env: NodeJS.ProcessEnv = process.env): void {
  const feed = readUpdateFeed(env, app.isPackaged)
  if (!feed.enabled) {
    log.warn('updates are off', { reason: feed.reason })
    return
  }
  const { autoUpdater } = electronUpdater
  autoUpdater.logger = { info: () => {}, debug: () => {}, warn: (m: unknown) => log.warn(`updater: ${String(m)}`), error: (m: unknown) => log.error(`updater: ${String(m)}`) }
  if (feed.feedUrl) autoUpdater.setFeedURL({ provider: 'generic', url: feed.feedUrl })
  autoUpdater.autoDownload = true
  // Quitting is never mid-sale either: main gives every hold back before it exits.
  autoUpdater.autoInstallOnAppQuit = true
  autoUpdater.allowDowngrade = false

  let downloaded: string | null = null
  let quietPolls = 0
  let lastReason: UpdateHoldReason | null = null

  const check = (): void => {
    if (downloaded || !shouldCheckForUpdates(feed, runtime.services.system.info().backend)) return
    autoUpdater.checkForUpdates().catch((error: unknown) => log.warn('update check failed', { reason: (error as Error).message }))
  }

  const installWhenAtRest = (): void => {
    if (!downloaded) return
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
    autoUpdater.quitAndInstall(true, true)
  }

  autoUpdater.on('update-downloaded', (info: { version: string }) => {
    downloaded = info.version
    installWhenAtRest()
  })
  autoUpdater.on('error', (error: Error) => log.warn('updater error', { reason: error.message }))

  const first = setTimeout(check, FIRST_CHECK_MS)
  const checks = setInterval(check, feed.checkEveryMs)
  const gate = setInterval(installWhenAtRest, GATE_POLL_MS)
  function stop(): void {
    clearTimeout(first)
    clearInterval(checks)
    clearInterval(gate)
  }
  app.once('before-quit', stop)
}
