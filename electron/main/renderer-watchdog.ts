import type { BrowserWindow } from 'electron'
import type { Logger } from '../ipc-core/logger'
import type { RelaunchPolicy } from '../kiosk/relaunch-policy'

/** How long a renderer may stay unresponsive (a long seat-map layout, a slow disk) before it is restarted. */
const HANG_GRACE_MS = 15_000

/**
 * Brings the kiosk back after its renderer crashes or hangs, with the backing
 * off of RelaunchPolicy (shared across windows, so a page that crashes on every
 * load cannot spin). A crashed renderer is reloaded; a hung one is killed and
 * reloaded; a destroyed window is made anew by `recreate`.
 */
export function watchRenderer(window: BrowserWindow, policy: RelaunchPolicy, recreate: () => void, log: Logger): void {
  const contents = window.webContents
  let hang: NodeJS.Timeout | null = null
  // A hung renderer is killed on purpose before its reload: that death is part of this recovery, not a new one.
  let killing = false

  function recover(why: string, hung: boolean): void {
    const decision = policy.next(performance.now())
    if (decision.action === 'give-up') {
      log.error('renderer keeps failing; not restarting it again', { why, attempts: decision.attempts })
      return
    }
    log.warn('restarting the renderer', { why, attempt: decision.attempt, inMs: decision.delayMs })
    setTimeout(() => {
      if (window.isDestroyed() || contents.isDestroyed()) {
        recreate()
        return
      }
      if (hung && !contents.isCrashed()) {
        killing = true
        contents.forcefullyCrashRenderer()
      }
      contents.reload()
    }, decision.delayMs)
  }

  contents.on('render-process-gone', (_event, details) => {
    if (hang) clearTimeout(hang)
    hang = null
    if (killing) {
      killing = false
      return
    }
    if (details.reason === 'clean-exit') return
    recover(`render process gone: ${details.reason}`, false)
  })
  contents.on('unresponsive', () => {
    if (hang) return
    hang = setTimeout(() => {
      hang = null
      recover('unresponsive', true)
    }, HANG_GRACE_MS)
  })
  contents.on('responsive', () => {
    if (hang) clearTimeout(hang)
    hang = null
  })
}
