import type { BackendKind } from '../contract'
import type { UpdateSettings } from '../settings/settings-schema'
import { DEFAULT_CHECK_MINUTES, isCheckMinutes, updateFeedUrl } from '../settings/update-rules'

/**
 * Where updates come from, and whether this kiosk looks for them at all.
 *
 * The box office sets this in the staff settings (`updates` in settings.json):
 * on or off, a feed address (none: the feed the installer carries, written by
 * electron-builder's `publish` into app-update.yml), how often to look, and
 * whether a training kiosk (the sandbox backend) updates too.
 *
 * Environment variables override those settings one by one, for ops and
 * testing; a variable that is not set leaves the staff setting in force:
 *   FOYER_UPDATES=on|off          over `enabled` (`on` also lets a training kiosk update)
 *   FOYER_UPDATE_URL=<address>    over `feedUrl` (a feed named for this kiosk also counts for training)
 *   FOYER_UPDATE_CHECK_MINUTES=n  over `checkEveryMinutes` (5 to 1440)
 * A build run from source never updates unless given a feed (by either).
 * A bad variable switches updates off with a reason for the log rather than
 * stopping the kiosk. The updater reads this afresh before every check, so a
 * change in the staff settings applies without a restart.
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

const off = (reason: string): UpdateFeed => ({ enabled: false, reason, feedUrl: null, onTraining: false, checkEveryMs: DEFAULT_CHECK_MINUTES * 60_000 })

export function readUpdateFeed(env: NodeJS.ProcessEnv, installed: boolean, settings: UpdateSettings): UpdateFeed {
  const switched = env.FOYER_UPDATES
  if (switched !== undefined && switched !== 'on' && switched !== 'off') return off('FOYER_UPDATES must be on or off')
  if (switched === 'off') return off('FOYER_UPDATES=off')
  if (switched === undefined && !settings.enabled) return off('switched off in the staff settings')

  let url: string | null = null
  if (env.FOYER_UPDATE_URL) {
    url = updateFeedUrl(env.FOYER_UPDATE_URL)
    if (!url) return off('FOYER_UPDATE_URL must be an https:// address (http only on this machine) without credentials')
  } else if (settings.feedUrl !== null) {
    // The settings file checked it already; checked again so this function alone decides what is fetched.
    url = updateFeedUrl(settings.feedUrl)
    if (!url) return off('the feed address in the staff settings is not an https:// address')
  }
  if (!installed && !url) return off('not an installed build and no feed address (FOYER_UPDATE_URL or the staff settings)')

  let minutes = settings.checkEveryMinutes
  if (env.FOYER_UPDATE_CHECK_MINUTES) {
    minutes = Number(env.FOYER_UPDATE_CHECK_MINUTES)
    if (!isCheckMinutes(minutes)) return off('FOYER_UPDATE_CHECK_MINUTES must be a whole number from 5 to 1440')
  } else if (!isCheckMinutes(minutes)) {
    minutes = DEFAULT_CHECK_MINUTES
  }
  // Updates switched on by name, or a feed named for this kiosk by its environment, count as "configured" for
  // training, as they did before the staff setting existed; otherwise the staff setting decides.
  const onTraining = switched === 'on' || Boolean(env.FOYER_UPDATE_URL) || settings.onTraining
  return { enabled: true, reason: null, feedUrl: url, onTraining, checkEveryMs: minutes * 60_000 }
}

/** Whether to look for an update now, with the backend the kiosk sells against at this moment. */
export function shouldCheckForUpdates(feed: UpdateFeed, backend: BackendKind): boolean {
  return feed.enabled && (backend !== 'sandbox' || feed.onTraining)
}
