import electronUpdater from 'electron-updater'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startUpdater } from '../../electron/main/updater'
import type { HostRuntime } from '../../electron/services/host-runtime'
import { DEFAULT_UPDATE_SETTINGS, type UpdateSettings } from '../../electron/settings/settings-schema'
import { app, FakeEvent } from '../support/fake-electron'

vi.mock('electron', () => import('../support/fake-electron'))
vi.mock('electron-updater', async () => {
  const { EventEmitter } = await import('node:events')
  /** electron-updater's autoUpdater, keeping what Foyer asked of it. */
  class FakeAutoUpdater extends EventEmitter {
    feeds: string[] = []
    checks = 0
    installs: unknown[][] = []
    autoInstallOnAppQuit = false
    updateConfigPath: string | null = 'app-update.yml'
    setFeedURL(options: { url: string }): void {
      this.feeds.push(options.url)
    }
    async checkForUpdates(): Promise<void> {
      this.checks++
    }
    quitAndInstall(...args: unknown[]): void {
      this.installs.push(args)
    }
  }
  return { default: { autoUpdater: new FakeAutoUpdater() } }
})

/**
 * Auto-update in Electron main (electron/main/updater.ts): when it looks for
 * an update, and that a downloaded one installs only at rest, never mid-sale.
 * Time is Vitest's fake clock; electron-updater is a stand-in that keeps the
 * feed, checks and installs asked of it.
 */
const updater = electronUpdater.autoUpdater as unknown as {
  feeds: string[]
  checks: number
  installs: unknown[][]
  autoInstallOnAppQuit: boolean
  emit(event: string, ...args: unknown[]): boolean
  removeAllListeners(): void
}
const MINUTE = 60_000

let screen: string
let settings: UpdateSettings
let settingsFail: boolean
const log = { warn: vi.fn(), error: vi.fn() }

function runtime(): HostRuntime {
  return {
    settings: {
      get: () => {
        if (settingsFail) throw new Error('settings file unreadable')
        return { updates: settings }
      },
    },
    services: { system: { info: () => ({ backend: 'production' }), get screen() { return screen } } },
    sales: { context: null },
  } as unknown as HostRuntime
}

beforeEach(() => {
  vi.useFakeTimers()
  Object.assign(updater, { feeds: [], checks: 0, installs: [], autoInstallOnAppQuit: false })
  updater.removeAllListeners()
  screen = 'attract'
  settings = { ...DEFAULT_UPDATE_SETTINGS }
  settingsFail = false
  log.warn.mockClear()
  log.error.mockClear()
})

afterEach(() => {
  // Foyer quits: the updater's timers stop.
  app.emit('before-quit', new FakeEvent())
  vi.useRealTimers()
})

describe('the updater', () => {
  it('is off, and never touches electron-updater, in a build that is not installed and has no feed', () => {
    startUpdater(runtime(), log, {})
    vi.advanceTimersByTime(10 * MINUTE)
    expect(updater.feeds).toEqual([])
    expect(updater.checks).toBe(0)
    expect(log.warn).toHaveBeenCalledWith('updates are off', expect.objectContaining({ reason: expect.stringContaining('not an installed build') }))
  })

  it('checks the configured feed on the first minute, then every checkEveryMinutes, and at once on a new address', () => {
    settings = { ...settings, checkEveryMinutes: 30 }
    startUpdater(runtime(), log, { FOYER_UPDATE_URL: 'https://updates.example/foyer/' })
    expect(updater.checks).toBe(0)
    vi.advanceTimersByTime(MINUTE)
    expect(updater.feeds).toEqual(['https://updates.example/foyer/'])
    expect(updater.checks).toBe(1)
    expect(updater.autoInstallOnAppQuit).toBe(true)
    vi.advanceTimersByTime(28 * MINUTE)
    expect(updater.checks).toBe(1)
    vi.advanceTimersByTime(2 * MINUTE)
    expect(updater.checks).toBe(2)
  })

  it('waits with a downloaded update while a customer is mid-purchase, and installs once the kiosk has been at rest for two polls', () => {
    startUpdater(runtime(), log, { FOYER_UPDATE_URL: 'https://updates.example/foyer/' })
    vi.advanceTimersByTime(MINUTE)
    screen = 'checkout'
    updater.emit('update-downloaded', { version: '2.0.0' })
    vi.advanceTimersByTime(5 * MINUTE)
    expect(updater.installs).toEqual([])
    expect(log.warn).toHaveBeenCalledWith('update waits for the kiosk to be at rest', { version: '2.0.0', reason: 'screen-busy' })
    screen = 'attract'
    vi.advanceTimersByTime(30_000)
    expect(updater.installs).toEqual([])
    vi.advanceTimersByTime(30_000)
    expect(updater.installs).toEqual([[true, true]])
    // Installing stops the updater: no second install, no further checks.
    const checks = updater.checks
    vi.advanceTimersByTime(10 * MINUTE)
    expect(updater.installs).toHaveLength(1)
    expect(updater.checks).toBe(checks)
  })

  it('does not install a downloaded update once staff switched updates off', () => {
    settings = { ...settings, feedUrl: 'https://updates.example/foyer/' }
    startUpdater(runtime(), log, {})
    vi.advanceTimersByTime(MINUTE)
    updater.emit('update-downloaded', { version: '2.0.0' })
    expect(updater.installs).toEqual([])
    settings = { ...settings, enabled: false }
    vi.advanceTimersByTime(10 * MINUTE)
    expect(updater.installs).toEqual([])
    expect(updater.autoInstallOnAppQuit).toBe(false)
  })

  it('logs a step that throws instead of crashing main', () => {
    startUpdater(runtime(), log, { FOYER_UPDATE_URL: 'https://updates.example/foyer/' })
    settingsFail = true
    expect(() => vi.advanceTimersByTime(MINUTE)).not.toThrow()
    expect(log.error).toHaveBeenCalledWith('updater step failed', { reason: 'settings file unreadable' })
  })
})
