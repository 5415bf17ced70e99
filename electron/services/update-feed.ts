import type { BackendKind } from '../contract'

/**
 * Where updates come from, and whether this kiosk looks for them at all.
 * The installer carries its feed (electron-builder's `publish`, written into
 * app-update.yml); FOYER_UPDATE_URL points an installed kiosk at another one
 * (a staged-rollout channel, a venue mirror). Training kiosks (the sandbox
 * backend) do not update unless told to, and a build run from source never
 * does unless given a feed. Bad values switch updates off with a reason for
 * the log rather than stopping the kiosk.
 */
export interface UpdateFeed {
  enabled: boolean
  /** Why updates are off (for the log), or null. */
  reason: string | null
  /** A generic-provider feed URL overriding the installer's own; null: the installer's. */
  feedUrl: string | null
  /** Whether a kiosk on the training sandbox looks for updates too. */
  onTraining: boolean
  checkEveryMs: number
}

export const DEFAULT_CHECK_MINUTES = 240

const off = (reason: string): UpdateFeed => ({ enabled: false, reason, feedUrl: null, onTraining: false, checkEveryMs: DEFAULT_CHECK_MINUTES * 60_000 })

/** https only; plain http only on this machine (a local feed for testing an installer). */
function feedUrl(text: string): string | null {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]'
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return url.href
  return null
}

export function readUpdateFeed(env: NodeJS.ProcessEnv, installed: boolean): UpdateFeed {
  const switched = env.FOYER_UPDATES
  if (switched !== undefined && switched !== 'on' && switched !== 'off') return off('FOYER_UPDATES must be on or off')
  if (switched === 'off') return off('FOYER_UPDATES=off')

  let url: string | null = null
  if (env.FOYER_UPDATE_URL) {
    url = feedUrl(env.FOYER_UPDATE_URL)
    if (!url) return off('FOYER_UPDATE_URL must be an https:// address')
  }
  if (!installed && !url) return off('not an installed build and no FOYER_UPDATE_URL')

  let minutes = DEFAULT_CHECK_MINUTES
  if (env.FOYER_UPDATE_CHECK_MINUTES) {
    minutes = Number(env.FOYER_UPDATE_CHECK_MINUTES)
    if (!Number.isInteger(minutes) || minutes < 5 || minutes > 1440) return off('FOYER_UPDATE_CHECK_MINUTES must be a whole number from 5 to 1440')
  }
  // A feed named for this kiosk, or updates switched on by name, count as "configured" for training.
  return { enabled: true, reason: null, feedUrl: url, onTraining: switched === 'on' || url !== null, checkEveryMs: minutes * 60_000 }
}

/** Whether to look for an update now, with the backend the kiosk sells against at this moment. */
export function shouldCheckForUpdates(feed: UpdateFeed, backend: BackendKind): boolean {
  return feed.enabled && (backend !== 'sandbox' || feed.onTraining)
}
