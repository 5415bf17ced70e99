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

/** The profile form sent, as the manager's Save does, and its answer taken in. */
async function submitProfile(page: VueWrapper): Promise<void> {
  await page.get('[data-testid="profile-form"]').trigger('submit')
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
    await submitProfile(page)
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

  it('edits every setting a profile may hold, each with its own control, and refuses a value the hub would refuse, naming the setting, sending nothing', async () => {
    const id = '6f9a3c1e-0000-4000-8000-000000000100'
    hub.profiles = [{ id, name: 'Counter', settings: { mode: 'counter', cashToleranceCents: 250, languages: ['ms-MY', 'en-SG'] }, overridable: ['languages'], updatedAt: new Date().toISOString(), updatedBy: 'Mei Tan' }]
    await open(page, 'profiles')
    await page.get('[data-testid="edit-profile"]').trigger('click')
    await flushPromises()
    const row = (name: string) => page.get(`[data-testid="setting-${name}"]`)
    const sets = async (name: string) => row(name).get('[data-testid="sets"]').setValue(true)
    // The profile's values as the manager reads them: money in dollars and cents, the venue's first language first.
    expect((row('cashToleranceCents').get('[data-testid="value"]').element as HTMLInputElement).value).toBe('2.50')
    expect((row('languages').get('[data-testid="first-language"]').element as HTMLSelectElement).value).toBe('ms-MY')
    expect((row('languages').get('[data-testid="may-change"]').element as HTMLInputElement).checked).toBe(true)

    await sets('holdWindowMinutes')
    await row('holdWindowMinutes').get('[data-testid="value"]').setValue('0')
    await submitProfile(page)
    expect(text(page, 'profile-invalid')).toBe('Seat hold must be a whole number of minutes from 1 to 120.')
    expect(hub.sent.some((s) => s.method === 'PUT')).toBe(false)
    await row('holdWindowMinutes').get('[data-testid="value"]').setValue('12')
    await row('cashToleranceCents').get('[data-testid="value"]').setValue('1,000.50')
    await submitProfile(page)
    expect(text(page, 'profile-invalid')).toBe('Drawer tolerance is an amount in dollars and cents from 0.00 to 1,000.00, like 5.00.')
    await row('cashToleranceCents').get('[data-testid="value"]').setValue('7.5')

    // Languages: English no longer offered, Traditional Chinese offered and first.
    await row('languages').get('[data-testid="offer-en-SG"]').setValue(false)
    await row('languages').get('[data-testid="offer-zh-HK"]').setValue(true)
    await row('languages').get('[data-testid="first-language"]').setValue('zh-HK')
    await sets('backend')
    await row('backend').get('[data-testid="value"]').setValue('production')
    await sets('backends')
    const production = row('backends').get('[data-testid="backend-production"]')
    await production.get('[data-testid="backend-how"]').setValue('set')
    const vendor = { baseUrl: 'https://api.vendor.example', authUrl: 'https://auth.vendor.example/token', imageBaseUrl: 'https://img.vendor.example', tenant: 'venue-sg', clientId: 'foyer-counter' }
    for (const [field, value] of Object.entries(vendor)) await production.get(`[data-testid="backend-${field}"]`).setValue(value)
    expect(row('backends').find('input[type="password"]').exists()).toBe(false)
    await sets('printer')
    await row('printer').get('[data-testid="printer-kind"]').setValue('raw')
    await row('printer').get('[data-testid="printer-address"]').setValue('lobby printer')
    await submitProfile(page)
    expect(text(page, 'profile-invalid')).toContain('Ticket printer: give its host name or IP address')
    await row('printer').get('[data-testid="printer-address"]').setValue('lobby-printer.local')
    await row('printer').get('[data-testid="printer-language"]').setValue('fgl')
    await sets('eticketsWhenCannotPrint')
    await row('eticketsWhenCannotPrint').get('[data-testid="value"]').setValue(true)
    await sets('updates')
    await row('updates').get('[data-testid="updates-every"]').setValue('60')
    await row('updates').get('[data-testid="may-change"]').setValue(true)
    expect(await axeViolations()).toEqual([])
    await submitProfile(page)
    expect(page.find('[data-testid="profile-invalid"]').exists()).toBe(false)
    expect(hub.sent.find((s) => s.method === 'PUT' && s.path === PROFILE_PATHS.profile(id))?.body).toEqual({
      name: 'Counter',
      settings: {
        mode: 'counter',
        backend: 'production',
        backends: { production: vendor },
        holdWindowMinutes: 12,
        cashToleranceCents: 750,
        updates: { enabled: true, feedUrl: null, checkEveryMinutes: 60, onTraining: false },
        printer: { kind: 'raw', address: 'lobby-printer.local', language: 'fgl' },
        eticketsWhenCannotPrint: true,
        languages: ['zh-HK', 'ms-MY'],
      },
      overridable: ['updates', 'languages'],
    })
  })

  it('says a name already taken in words, and what each device said of its profile', async () => {
    hub.profiles = [{ id: '6f9a3c1e-0000-4000-8000-000000000100', name: 'Counter', settings: { mode: 'counter' }, overridable: [], updatedAt: new Date().toISOString(), updatedBy: 'Mei Tan' }]
    hub.setups = [kiosk(1, { profileId: hub.profiles[0]!.id, profile: { revision: '1', state: 'held' } })]
    await open(page, 'profiles')
    expect(text(page, 'setup-Lobby kiosk 1')).toContain('Waiting for the sale in progress to end')
    await page.get('[data-testid="profile-name"]').setValue('Counter')
    await submitProfile(page)
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
