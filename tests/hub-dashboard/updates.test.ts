import { flushPromises, type VueWrapper } from '@vue/test-utils'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ROLLOUT_PATHS, type DashboardRollout, type RolloutsAnswer } from '../../hub/protocol/dashboard'
import { FakeHub } from './fake-hub'
import { device } from './fixtures'
import { mountDashboard, rows, signIn, text } from './mount-dashboard'

/** The Updates page: each device's version and each rollout's state, held and sent back (the hub's side: tests/hub/rollouts.test.ts). */
const id = (n: number) => `6f9a3c1e-0000-4000-8000-00000000000${n}`
const profileId = '6f9a3c1e-0000-4000-8000-000000000100'
const rollout = (overrides: Partial<DashboardRollout> = {}): DashboardRollout => ({
  id: '6f9a3c1e-0000-4000-8000-000000000300',
  profileId,
  version: '1.5.0',
  lastGood: '1.4.0',
  pilots: [id(1)],
  restAfterHours: 6,
  window: { from: '02:00', to: '05:00' },
  state: 'rest',
  heldFrom: null,
  pilotsOnVersionAt: '2026-11-27T02:45:00.000+08:00',
  steps: [{ step: 'started', by: 'Mei Tan', at: '2026-11-26T22:00:00.000+08:00' }, { step: 'rest', by: 'hub', at: '2026-11-27T08:45:00.000+08:00' }],
  ...overrides,
})
const answer = (state: Partial<DashboardRollout> = {}): RolloutsAnswer => ({
  rollouts: [rollout(state)],
  devices: [
    { id: id(1), name: 'Lobby kiosk 1', profileId, version: '1.5.0', update: { state: 'idle' } },
    { id: id(2), name: 'Lobby kiosk 2', profileId, version: '1.4.0', update: { state: 'failed', version: '1.5.0', reason: 'not-offered' } },
  ],
})

describe('the dashboard: Foyer versions and rollouts', () => {
  let hub: FakeHub
  let page: VueWrapper
  beforeEach(async () => {
    hub = new FakeHub().install()
    hub.profiles = [{ id: profileId, name: 'Lobby kiosk', settings: {}, overridable: [], updatedAt: '2026-11-26T10:00:00.000Z', updatedBy: 'Mei Tan' }]
    page = await mountDashboard()
    await signIn(page, hub)
    hub.answerNext('GET', ROLLOUT_PATHS.rollouts, 200, answer())
    await page.get('[data-testid="nav-updates"]').trigger('click')
    await flushPromises()
  })
  afterEach(() => vi.unstubAllGlobals())

  it("shows each device's version and what it did, and the rollout's state and steps, with who took them", async () => {
    expect(document.activeElement?.id).toBe('updates-title')
    expect(rows(page, 'device-versions')).toEqual([
      ['Lobby kiosk 1', 'Lobby kiosk', '1.5.0', ''],
      ['Lobby kiosk 2', 'Lobby kiosk', '1.4.0', 'Could not take 1.5.0: the update feed does not offer it'],
    ])
    expect(text(page, 'rollout-state')).toBe('Every device of the profile')
    expect(page.get('[data-testid="rollout-Lobby kiosk"]').text()).toContain('Pilots: Lobby kiosk 1.')
    expect(page.get('[data-testid="rollout-Lobby kiosk"]').text()).toMatch(/Started — Mei Tan.*The rest follow — the hub/s)
  })

  it('holds the rollout and sends it back by buttons named for the profile; a step refused is said in words', async () => {
    const hold = page.get('[data-testid="rollout-hold"]')
    expect(hold.element.tagName).toBe('BUTTON')
    expect(hold.attributes('aria-label')).toBe('Hold the rollout of Lobby kiosk')
    hub.answerNext('POST', ROLLOUT_PATHS.action(rollout().id), 200, answer({ state: 'held', heldFrom: 'rest' }))
    await hold.trigger('click')
    await flushPromises()
    expect(hub.sent.at(-1)).toMatchObject({ method: 'POST', path: ROLLOUT_PATHS.action(rollout().id), body: { action: 'hold' } })
    expect(text(page, 'rollout-state')).toBe('Held: no device takes anything')
    expect(page.findAll('[data-testid^="rollout-"][type="button"]').map((b) => b.text())).toEqual(['Resume', 'Back to the last good version'])
    hub.answerNext('POST', ROLLOUT_PATHS.action(rollout().id), 409, { refused: 'not-now' })
    await page.get('[data-testid="rollout-back"]').trigger('click')
    await flushPromises()
    expect(page.text()).toContain('That step is not open to this rollout now')
  })

  it("keeps the page live: a rollout's step pushed (another manager's, or the hub's own) and each device's version from its tile", async () => {
    hub.push({ type: 'rollouts', rollouts: answer({ state: 'held', heldFrom: 'rest' }) })
    await flushPromises()
    expect(text(page, 'rollout-state')).toBe('Held: no device takes anything')
    // Kiosk 2's heartbeat: it runs 1.5.0 now, and says so of its order.
    hub.push({ type: 'device', device: device({ id: id(2), name: 'Lobby kiosk 2', appVersion: '1.5.0', update: { state: 'idle' } }) })
    await flushPromises()
    expect(rows(page, 'device-versions')).toEqual([
      ['Lobby kiosk 1', 'Lobby kiosk', '1.5.0', ''],
      ['Lobby kiosk 2', 'Lobby kiosk', '1.5.0', ''],
    ])
  })

  it('starts a rollout from the form, offering the version most devices run as the last good one', async () => {
    await page.get('[data-testid="rollout-profile"]').setValue(profileId)
    await page.get('[data-testid="rollout-profile"]').trigger('change')
    expect((page.get('[data-testid="rollout-last-good"]').element as HTMLInputElement).value).toMatch(/^1\.[45]\.0$/)
    await page.get('[data-testid="rollout-last-good"]').setValue('1.4.0')
    await page.get('[data-testid="rollout-version"]').setValue('1.5.1')
    await page.findAll('[data-testid="rollout-pilot"]')[1]!.setValue(true)
    hub.answerNext('POST', ROLLOUT_PATHS.rollouts, 200, answer({ version: '1.5.1', state: 'pilot' }))
    await page.get('[data-testid="rollout-form"]').trigger('submit')
    await flushPromises()
    expect(hub.sent.at(-1)).toMatchObject({ method: 'POST', body: { profileId, version: '1.5.1', lastGood: '1.4.0', pilots: [id(2)], restAfterHours: 24, window: { from: '02:00', to: '05:00' } } })
    expect(text(page, 'rollout-state')).toBe('Pilots first')
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] })
    expect(result.violations.map((v) => v.id)).toEqual([])
  })
})
