import { describe, expect, it } from 'vitest'
import { readUpdateFeed, shouldCheckForUpdates } from '../../../electron/services/update-feed'
import { DEFAULT_CHECK_MINUTES } from '../../../electron/settings/update-rules'
import { DEFAULT_UPDATE_SETTINGS, type UpdateSettings } from '../../../electron/settings/settings-schema'

/** Where an installed kiosk looks for updates, and when it does not look at all. */
const defaults: UpdateSettings = DEFAULT_UPDATE_SETTINGS
const staff = (changes: Partial<UpdateSettings>): UpdateSettings => ({ ...DEFAULT_UPDATE_SETTINGS, ...changes })

describe('update feed', () => {
  it('an installed kiosk uses its installer feed, every 4 hours, and not while it sells against the training sandbox', () => {
    const feed = readUpdateFeed({}, true, defaults)
    expect(feed).toMatchObject({ enabled: true, feedUrl: null, onTraining: false, checkEveryMs: DEFAULT_CHECK_MINUTES * 60_000 })
    expect(shouldCheckForUpdates(feed, 'production')).toBe(true)
    expect(shouldCheckForUpdates(feed, 'staging')).toBe(true)
    expect(shouldCheckForUpdates(feed, 'sandbox')).toBe(false)
  })

  it('a build run from source never updates unless given a feed (by the environment or the staff settings)', () => {
    expect(readUpdateFeed({}, false, defaults)).toMatchObject({ enabled: false, reason: expect.stringContaining('FOYER_UPDATE_URL') })
    const feed = readUpdateFeed({ FOYER_UPDATE_URL: 'https://updates.foyer.example/kiosk/beta' }, false, defaults)
    expect(feed).toMatchObject({ enabled: true, feedUrl: 'https://updates.foyer.example/kiosk/beta' })
    expect(readUpdateFeed({}, false, staff({ feedUrl: 'https://updates.foyer.example/kiosk/beta' }))).toMatchObject({ enabled: true })
  })

  it('a feed named for this kiosk, or FOYER_UPDATES=on, makes training kiosks update too', () => {
    expect(shouldCheckForUpdates(readUpdateFeed({ FOYER_UPDATE_URL: 'https://updates.foyer.example/' }, true, defaults), 'sandbox')).toBe(true)
    expect(shouldCheckForUpdates(readUpdateFeed({ FOYER_UPDATES: 'on' }, true, defaults), 'sandbox')).toBe(true)
  })

  it('FOYER_UPDATES=off switches them off everywhere', () => {
    const feed = readUpdateFeed({ FOYER_UPDATES: 'off', FOYER_UPDATE_URL: 'https://updates.foyer.example/' }, true, defaults)
    expect(feed.enabled).toBe(false)
    expect(shouldCheckForUpdates(feed, 'production')).toBe(false)
  })

  it('bad values switch updates off with the reason, rather than stopping the kiosk', () => {
    expect(readUpdateFeed({ FOYER_UPDATES: 'yes' }, true, defaults)).toMatchObject({ enabled: false, reason: 'FOYER_UPDATES must be on or off' })
    for (const url of ['http://updates.foyer.example/', 'ftp://x/', 'not a url', 'file:///tmp/feed', 'https://ops:hunter2@updates.foyer.example/']) {
      const feed = readUpdateFeed({ FOYER_UPDATE_URL: url }, true, defaults)
      expect(feed, url).toMatchObject({ enabled: false, reason: expect.stringContaining('https://') })
      expect(feed.reason).not.toContain('hunter2')
    }
    for (const minutes of ['0', '4', '1441', '2.5', 'soon']) {
      expect(readUpdateFeed({ FOYER_UPDATE_CHECK_MINUTES: minutes }, true, defaults).enabled, minutes).toBe(false)
    }
  })

  it('plain http only for a feed on this machine (testing an installer), and a chosen check interval', () => {
    expect(readUpdateFeed({ FOYER_UPDATE_URL: 'http://127.0.0.1:8080/feed/' }, true, defaults).feedUrl).toBe('http://127.0.0.1:8080/feed/')
    expect(readUpdateFeed({ FOYER_UPDATE_URL: 'http://[::1]:8080/feed/' }, true, defaults).feedUrl).toBe('http://[::1]:8080/feed/')
    expect(readUpdateFeed({ FOYER_UPDATE_CHECK_MINUTES: '30' }, true, defaults).checkEveryMs).toBe(30 * 60_000)
  })
})

describe('update feed from the staff settings, with the environment overriding', () => {
  const venueFeed = 'https://updates.venue.example/foyer/'

  it('uses what staff set: their feed, their interval, training or not, and off when they switch it off', () => {
    const feed = readUpdateFeed({}, true, { enabled: true, feedUrl: venueFeed, checkEveryMinutes: 30, onTraining: true })
    expect(feed).toEqual({ enabled: true, reason: null, feedUrl: venueFeed, onTraining: true, checkEveryMs: 30 * 60_000 })
    expect(shouldCheckForUpdates(feed, 'sandbox')).toBe(true)
    // A feed staff set does not by itself make a training kiosk update: that is its own setting.
    expect(readUpdateFeed({}, true, staff({ feedUrl: venueFeed })).onTraining).toBe(false)
    expect(readUpdateFeed({}, true, staff({ enabled: false }))).toMatchObject({ enabled: false, reason: 'switched off in the staff settings' })
  })

  it('lets each variable that is set override its own setting, and leaves the others to staff', () => {
    const staffSet = staff({ enabled: true, feedUrl: venueFeed, checkEveryMinutes: 30, onTraining: false })
    expect(readUpdateFeed({ FOYER_UPDATE_URL: 'https://ops.foyer.example/beta/' }, true, staffSet)).toMatchObject({
      feedUrl: 'https://ops.foyer.example/beta/',
      checkEveryMs: 30 * 60_000,
    })
    expect(readUpdateFeed({ FOYER_UPDATE_CHECK_MINUTES: '5' }, true, staffSet)).toMatchObject({ feedUrl: venueFeed, checkEveryMs: 5 * 60_000 })
    // Updates switched off in the settings come on with FOYER_UPDATES=on (and off with =off, whatever staff set).
    expect(readUpdateFeed({ FOYER_UPDATES: 'on' }, true, staff({ enabled: false }))).toMatchObject({ enabled: true, onTraining: true })
    expect(readUpdateFeed({ FOYER_UPDATES: 'off' }, true, staffSet).enabled).toBe(false)
    // An empty variable counts as not set.
    expect(readUpdateFeed({ FOYER_UPDATE_URL: '', FOYER_UPDATE_CHECK_MINUTES: '' }, true, staffSet)).toMatchObject({ feedUrl: venueFeed, checkEveryMs: 30 * 60_000 })
  })

  it('a bad variable still switches updates off, even when the staff settings are good', () => {
    expect(readUpdateFeed({ FOYER_UPDATE_URL: 'http://updates.foyer.example/' }, true, staff({ feedUrl: venueFeed })).enabled).toBe(false)
  })

  it('never fetches from a feed address the settings should not hold (the same rule as the settings store)', () => {
    for (const feedUrl of ['http://updates.venue.example/', 'https://ops:hunter2@updates.venue.example/', 'not a url']) {
      expect(readUpdateFeed({}, true, staff({ feedUrl })), feedUrl).toMatchObject({ enabled: false, feedUrl: null })
    }
  })
})
