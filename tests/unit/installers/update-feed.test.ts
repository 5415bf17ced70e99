import { describe, expect, it } from 'vitest'
import { DEFAULT_CHECK_MINUTES, readUpdateFeed, shouldCheckForUpdates } from '../../../electron/services/update-feed'

/** Where an installed kiosk looks for updates, and when it does not look at all. */
describe('update feed', () => {
  it('an installed kiosk uses its installer feed, every 4 hours, and not while it sells against the training sandbox', () => {
    const feed = readUpdateFeed({}, true)
    expect(feed).toMatchObject({ enabled: true, feedUrl: null, onTraining: false, checkEveryMs: DEFAULT_CHECK_MINUTES * 60_000 })
    expect(shouldCheckForUpdates(feed, 'production')).toBe(true)
    expect(shouldCheckForUpdates(feed, 'staging')).toBe(true)
    expect(shouldCheckForUpdates(feed, 'sandbox')).toBe(false)
  })

  it('a build run from source never updates unless given a feed', () => {
    expect(readUpdateFeed({}, false)).toMatchObject({ enabled: false, reason: expect.stringContaining('FOYER_UPDATE_URL') })
    const feed = readUpdateFeed({ FOYER_UPDATE_URL: 'https://updates.foyer.example/kiosk/beta' }, false)
    expect(feed).toMatchObject({ enabled: true, feedUrl: 'https://updates.foyer.example/kiosk/beta' })
  })

  it('a feed named for this kiosk, or FOYER_UPDATES=on, makes training kiosks update too', () => {
    expect(shouldCheckForUpdates(readUpdateFeed({ FOYER_UPDATE_URL: 'https://updates.foyer.example/' }, true), 'sandbox')).toBe(true)
    expect(shouldCheckForUpdates(readUpdateFeed({ FOYER_UPDATES: 'on' }, true), 'sandbox')).toBe(true)
  })

  it('FOYER_UPDATES=off switches them off everywhere', () => {
    const feed = readUpdateFeed({ FOYER_UPDATES: 'off', FOYER_UPDATE_URL: 'https://updates.foyer.example/' }, true)
    expect(feed.enabled).toBe(false)
    expect(shouldCheckForUpdates(feed, 'production')).toBe(false)
  })

  it('bad values switch updates off with the reason, rather than stopping the kiosk', () => {
    expect(readUpdateFeed({ FOYER_UPDATES: 'yes' }, true)).toMatchObject({ enabled: false, reason: 'FOYER_UPDATES must be on or off' })
    for (const url of ['http://updates.foyer.example/', 'ftp://x/', 'not a url', 'file:///tmp/feed']) {
      expect(readUpdateFeed({ FOYER_UPDATE_URL: url }, true), url).toMatchObject({ enabled: false, reason: expect.stringContaining('https://') })
    }
    for (const minutes of ['0', '4', '1441', '2.5', 'soon']) {
      expect(readUpdateFeed({ FOYER_UPDATE_CHECK_MINUTES: minutes }, true).enabled, minutes).toBe(false)
    }
  })

  it('plain http only for a feed on this machine (testing an installer), and a chosen check interval', () => {
    expect(readUpdateFeed({ FOYER_UPDATE_URL: 'http://127.0.0.1:8080/feed/' }, true).feedUrl).toBe('http://127.0.0.1:8080/feed/')
    expect(readUpdateFeed({ FOYER_UPDATE_CHECK_MINUTES: '30' }, true).checkEveryMs).toBe(30 * 60_000)
  })
})
