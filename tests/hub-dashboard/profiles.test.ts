import { flushPromises, type VueWrapper } from '@vue/test-utils'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PROFILE_PATHS, type DeviceSetup } from '../../hub/protocol/dashboard'
import { FakeHub } from './fake-hub'
import { manager } from './fixtures'
import { mountDashboard, signIn, text } from './mount-dashboard'

/** Profiles, each device's profile and group, and opening and closing remotely (the hub's side: tests/hub/profiles.test.ts). */
const kiosk = (n: number, overrides: Partial<DeviceSetup> = {}): DeviceSetup => ({
  id: `6f9a3c1e-0000-4000-8000-00000000000${n}`,
  name: `Lobby kiosk ${n}`,
  place: 'Lobby',
  profileId: null,
  group: '',
  profile: null,
  secrets: null,
  ...overrides,
})

async function open(page: VueWrapper, which: 'profiles' | 'service'): Promise<void> {
  await page.get(`[data-testid="nav-${which}"]`).trigger('click')
  await flushPromises()
}

/** axe's rules that happy-dom can judge (no layout: colour contrast is left to the E2E's real Chromium). */
async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] })
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

describe('the dashboard: profiles, and opening and closing remotely', () => {
  let hub: FakeHub
  let page: VueWrapper
  beforeEach(async () => {
    hub = new FakeHub().install()
    hub.setups = [kiosk(1), kiosk(2, { secrets: { vendorSecret: false, terminalPassphrase: true } })]
    page = await mountDashboard()
    await signIn(page, hub)
    hub.stream.connect()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('makes a profile of the settings it sets, those devices may change, and gives it to a device with a group', async () => {
    await open(page, 'profiles')
    expect(document.activeElement?.id).toBe('profiles-title')
    await page.get('[data-testid="profile-name"]').setValue('Lobby kiosk')
    const row = (name: string) => page.get(`[data-testid="setting-${name}"]`)
    await row('holdWindowMinutes').get('[data-testid="sets"]').setValue(true)
    await row('holdWindowMinutes').get('[data-testid="value"]').setValue('12')
    await row('cashToleranceCents').get('[data-testid="sets"]').setValue(true)
    await row('cashToleranceCents').get('[data-testid="value"]').setValue('2.50')
    await row('cashToleranceCents').get('[data-testid="may-change"]').setValue(true)
    await page.get('[data-testid="profile-form"]').trigger('submit')
    await flushPromises()
    expect(hub.sent.find((s) => s.method === 'POST' && s.path === PROFILE_PATHS.profiles)?.body).toEqual({
      name: 'Lobby kiosk',
      settings: { holdWindowMinutes: 12, cashToleranceCents: 250 },
      overridable: ['cashToleranceCents'],
    })
    expect(text(page, 'profile-Lobby kiosk')).toContain(`last changed by ${manager.name}`)

    const setup = page.get('[data-testid="setup-Lobby kiosk 1"]')
    await setup.get('[data-testid="setup-profile"]').setValue(hub.profiles[0]!.id)
    await setup.get('[data-testid="setup-group"]').setValue(' Foyer ')
    await setup.get('[data-testid="save-setup"]').trigger('click')
    await flushPromises()
    expect(hub.sent.at(-1)).toMatchObject({ method: 'PUT', path: PROFILE_PATHS.deviceSetup(kiosk(1).id), body: { profileId: hub.profiles[0]!.id, group: 'Foyer' } })
    expect(text(page, 'setup-Lobby kiosk 1')).toContain('Waiting for its next heartbeat')
    expect(text(page, 'setup-Lobby kiosk 2')).toContain('Still lacks the ticketing client secret')
    expect(await axeViolations()).toEqual([])
  })

  it('says a name already taken in words, and what each device said of its profile', async () => {
    hub.profiles = [{ id: '6f9a3c1e-0000-4000-8000-000000000100', name: 'Counter', settings: { mode: 'counter' }, overridable: [], updatedAt: new Date().toISOString(), updatedBy: 'Mei Tan' }]
    hub.setups = [kiosk(1, { profileId: hub.profiles[0]!.id, profile: { revision: '1', state: 'held' } })]
    await open(page, 'profiles')
    expect(text(page, 'setup-Lobby kiosk 1')).toContain('Waiting for the sale in progress to end')
    await page.get('[data-testid="profile-name"]').setValue('Counter')
    await page.get('[data-testid="profile-form"]').trigger('submit')
    await flushPromises()
    expect(text(page, 'problem')).toBe('Another profile already has that name. Choose another.')
  })

  it("closes all devices of a profile now with the manager's words, shows the rule, and opens them again; in Chinese too", async () => {
    hub.profiles = [{ id: '6f9a3c1e-0000-4000-8000-000000000100', name: 'Lobby kiosk', settings: {}, overridable: [], updatedAt: new Date().toISOString(), updatedBy: 'Mei Tan' }]
    await open(page, 'service')
    expect(text(page, 'no-rules')).toContain('Every device sells')
    await page.get('[data-testid="rule-target"]').setValue(`profile:${hub.profiles[0]!.id}`)
    await page.get('[data-testid="rule-message"]').setValue('Tickets for tonight are on sale at the box office')
    await page.get('[data-testid="rule-form"]').trigger('submit')
    await flushPromises()
    expect(hub.sent.at(-1)).toMatchObject({
      method: 'POST',
      path: PROFILE_PATHS.serviceRules,
      body: { target: { scope: 'profile', profileId: hub.profiles[0]!.id }, rule: { kind: 'closed', from: null, message: 'Tickets for tonight are on sale at the box office' } },
    })
    expect(text(page, 'rule-list')).toContain('All devices of Lobby kiosk: out of service now')
    expect(text(page, 'rule-list')).toContain('The screen says: “Tickets for tonight are on sale at the box office”')
    expect(await axeViolations()).toEqual([])

    await page.get('[data-testid="kind-hours"]').setValue(true)
    await page.get('[data-testid="rule-message"]').setValue('Open 10:00 to 22:00')
    await page.get('[data-testid="rule-form"]').trigger('submit')
    await flushPromises()
    expect(hub.sent.at(-1)?.body).toMatchObject({ target: { scope: 'profile' }, rule: { kind: 'hours', opens: '10:00', closes: '22:00', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone } })

    await page.get('[data-testid="language-zh-CN"]').trigger('click')
    await flushPromises()
    expect(text(page, 'rule-list')).toContain('Lobby kiosk 的所有设备：现在暂停服务')
    const closure = hub.rules[0]!.id
    await page.findAll('[data-testid="end-rule"]')[0]!.trigger('click')
    await flushPromises()
    expect(hub.sent.at(-1)).toMatchObject({ method: 'DELETE', path: PROFILE_PATHS.serviceRule(closure) })
    expect(page.findAll('[data-testid="rule"]')).toHaveLength(1)
  })

  it("stops selling each show some minutes before it starts, for one device, with the manager's words; the rule is shown and ended; in Malay too", async () => {
    await open(page, 'service')
    await page.get('[data-testid="rule-target"]').setValue(`device:${kiosk(1).id}`)
    await page.get('[data-testid="kind-cutoff"]').setValue(true)
    await page.get('[data-testid="rule-minutes"]').setValue('45')
    await page.get('[data-testid="rule-message"]').setValue('Tickets for tonight are on sale at the box office')
    await page.get('[data-testid="rule-form"]').trigger('submit')
    await flushPromises()
    expect(hub.sent.at(-1)).toMatchObject({
      method: 'POST',
      path: PROFILE_PATHS.serviceRules,
      body: { target: { scope: 'device', deviceId: kiosk(1).id }, rule: { kind: 'showCutoff', minutesBefore: 45, message: 'Tickets for tonight are on sale at the box office' } },
    })
    expect(text(page, 'rule-list')).toContain('Lobby kiosk 1: stops selling each show 45 min before it starts')
    expect(text(page, 'rule-list')).toContain('The screen says: “Tickets for tonight are on sale at the box office”')
    expect(page.get('[data-testid="end-rule"]').text()).toBe('End this cut-off')
    expect(await axeViolations()).toEqual([])

    await page.get('[data-testid="language-ms-MY"]').trigger('click')
    await flushPromises()
    expect(text(page, 'rule-list')).toContain('Lobby kiosk 1: berhenti menjual setiap pertunjukan 45 minit sebelum ia bermula')
    await page.get('[data-testid="end-rule"]').trigger('click')
    await flushPromises()
    expect(hub.sent.at(-1)).toMatchObject({ method: 'DELETE' })
    expect(page.findAll('[data-testid="rule"]')).toHaveLength(0)
  })
})
