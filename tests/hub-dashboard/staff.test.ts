import { flushPromises, type VueWrapper } from '@vue/test-utils'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DASHBOARD_STAFF_PATHS, StaffAnswer, type DashboardStaff } from '../../hub/protocol/dashboard'
import { FakeHub } from './fake-hub'
import { device } from './fixtures'
import { mountDashboard, signIn, text } from './mount-dashboard'

const counter = device({ id: '00000000-0000-4000-8000-000000000002', name: 'Counter 1', place: 'Box office', mode: 'counter' })
const aisha: DashboardStaff = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Aisha Rahman',
  role: 'cashier',
  devices: [],
  places: ['Box office'],
  disabled: false,
  dashboardPassword: false,
  changedAt: '2026-11-26T10:00:00.000Z',
}
const answer = (accounts: DashboardStaff[], decision: 'dropped' | null = null) =>
  StaffAnswer.parse({
    accounts,
    localAccounts: [{ deviceId: counter.id, deviceName: 'Counter 1', staffId: '00000000-0000-4000-8000-0000000000b1', name: 'Till Temp', role: 'cashier', decision, mergedInto: null }],
  })

/** The staff page (issue #26): the venue's accounts made, edited and disabled; the devices' own ones merged or dropped. */
describe('the dashboard: staff', () => {
  let hub: FakeHub
  let page: VueWrapper
  const button = (testId: string) => page.get(`[data-testid="${testId}"]`)
  const live = () => page.findAll('[data-testid="live-line"]').map((line) => line.text())

  async function openStaff(accounts: DashboardStaff[], locale?: 'zh-HK'): Promise<void> {
    hub = new FakeHub().install()
    hub.devices = [structuredClone(counter)]
    page = await mountDashboard(locale)
    await signIn(page, hub)
    hub.answerNext('GET', DASHBOARD_STAFF_PATHS.staff, 200, answer(accounts))
    await button('nav-staff').trigger('click')
    await flushPromises()
  }
  afterEach(() => vi.unstubAllGlobals())

  describe('in English', () => {
    beforeEach(() => openStaff([aisha]))

    it('lists each account with its role, where they may work and whether active, and the devices’ own accounts', async () => {
      const row = page.get('[data-testid="staff-Aisha Rahman"]')
      expect(row.findAll('td').map((cell) => cell.text()).slice(0, 3)).toEqual(['Cashier', 'Box office', 'Active'])
      // Each button names whose account it acts on (the name hidden on screen, read by a screen reader).
      expect(row.findAll('button').map((b) => b.text().replace(/\s+/g, ' '))).toEqual(['Edit Aisha Rahman', 'Disable Aisha Rahman'])
      expect(page.get('[data-testid="local-Counter 1-Till Temp"]').text()).toContain('Still signs in at this device')
      // Keyboard users land on the page's heading.
      expect(document.activeElement?.id).toBe('staff-title')
      const results = await axe.run(page.element.ownerDocument.body, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] })
      expect(results.violations.map((v) => v.id)).toEqual([])
    })

    it('adds a cashier with a PIN sent once to the hub and kept nowhere on the page; a PIN not of 6 to 12 digits is refused before sending', async () => {
      await button('staff-add').trigger('click')
      await button('staff-name').setValue('Ben Tan')
      await button('staff-pin').setValue('1234')
      await button('staff-editor').trigger('submit')
      await flushPromises()
      expect(text(page, 'problem')).toBe('A PIN has 6 to 12 digits.')
      expect(hub.sent.filter((s) => s.method === 'POST' && s.path === DASHBOARD_STAFF_PATHS.staff)).toEqual([])

      await button('staff-pin').setValue('864201')
      await button('staff-places').setValue('Box office, Lobby')
      await button('staff-device-Counter 1').setValue(true)
      const ben = { ...aisha, id: '00000000-0000-4000-8000-0000000000a2', name: 'Ben Tan', places: ['Box office', 'Lobby'], devices: [counter.id] }
      hub.answerNext('POST', DASHBOARD_STAFF_PATHS.staff, 200, ben)
      hub.answerNext('GET', DASHBOARD_STAFF_PATHS.staff, 200, answer([aisha, ben]))
      await button('staff-editor').trigger('submit')
      await flushPromises()
      const sent = hub.sent.find((s) => s.method === 'POST' && s.path === DASHBOARD_STAFF_PATHS.staff)
      expect(sent?.body).toEqual({ name: 'Ben Tan', role: 'cashier', pin: '864201', places: ['Box office', 'Lobby'], devices: [counter.id] })
      expect(page.find('[data-testid="staff-editor"]').exists()).toBe(false)
      expect(page.html()).not.toContain('864201')
      expect(page.get('[data-testid="staff-Ben Tan"]').findAll('td')[1]!.text()).toBe('Box office, Lobby, Counter 1')
      expect(live()).toContain('Staff account saved.')
    })

    it('asks for a dashboard password when the manager role is given, refuses one missing or under 12 characters before sending, and keeps it nowhere on the page', async () => {
      await button('staff-edit').trigger('click')
      expect(page.find('[data-testid="staff-password"]').exists()).toBe(false)
      await button('staff-role').setValue('manager')
      await button('staff-editor').trigger('submit')
      await flushPromises()
      expect(text(page, 'problem')).toBe('A manager needs a dashboard password of at least 12 characters.')
      await button('staff-password').setValue('too short')
      await button('staff-editor').trigger('submit')
      await flushPromises()
      expect(text(page, 'problem')).toBe('A new password needs at least 12 characters.')
      expect(hub.sent.filter((s) => s.method === 'PUT')).toEqual([])

      const manager = { ...aisha, role: 'manager' as const, dashboardPassword: true }
      hub.answerNext('PUT', DASHBOARD_STAFF_PATHS.account(aisha.id), 200, manager)
      hub.answerNext('GET', DASHBOARD_STAFF_PATHS.staff, 200, answer([manager]))
      await button('staff-password').setValue('lantern over the river')
      await button('staff-editor').trigger('submit')
      await flushPromises()
      const sent = hub.sent.find((s) => s.method === 'PUT')
      expect(sent?.body).toEqual({ name: 'Aisha Rahman', role: 'manager', password: 'lantern over the river', places: ['Box office'], devices: [] })
      expect(page.html()).not.toContain('lantern over the river')

      // A manager who signs in already keeps their password when the field is left empty.
      await button('staff-edit').trigger('click')
      expect(page.get('[data-testid="staff-editor"]').text()).toContain('New dashboard password (leave empty to keep the current one)')
      hub.answerNext('PUT', DASHBOARD_STAFF_PATHS.account(aisha.id), 200, manager)
      hub.answerNext('GET', DASHBOARD_STAFF_PATHS.staff, 200, answer([manager]))
      await button('staff-editor').trigger('submit')
      await flushPromises()
      expect(hub.sent.filter((s) => s.method === 'PUT').at(-1)?.body).toEqual({ name: 'Aisha Rahman', role: 'manager', places: ['Box office'], devices: [] })
    })

    it('disables an account, saying it will be signed out at every device; drops a device’s own account', async () => {
      hub.answerNext('POST', DASHBOARD_STAFF_PATHS.disable(aisha.id), 200, { ...aisha, disabled: true })
      hub.answerNext('GET', DASHBOARD_STAFF_PATHS.staff, 200, answer([{ ...aisha, disabled: true }]))
      await button('staff-toggle').trigger('click')
      await flushPromises()
      expect(page.get('[data-testid="staff-Aisha Rahman"]').findAll('td')[2]!.text()).toBe('Disabled')
      expect(live()).toContain('Aisha Rahman is disabled and will be signed out at every device.')

      const dropPath = DASHBOARD_STAFF_PATHS.localStaff(counter.id, '00000000-0000-4000-8000-0000000000b1')
      hub.answerNext('POST', dropPath, 204, undefined)
      hub.answerNext('GET', DASHBOARD_STAFF_PATHS.staff, 200, answer([{ ...aisha, disabled: true }], 'dropped'))
      await button('local-drop').trigger('click')
      await flushPromises()
      expect(hub.sent.find((s) => s.path === dropPath)?.body).toEqual({ decision: 'drop' })
      expect(page.get('[data-testid="local-Counter 1-Till Temp"]').text()).toContain('Dropped')
    })
  })

  it('speaks the manager’s language', async () => {
    await openStaff([aisha], 'zh-HK')
    expect(text(page, 'nav-staff')).toBe('員工')
    expect(page.get('[data-testid="staff-Aisha Rahman"]').findAll('td').map((cell) => cell.text()).slice(0, 3)).toEqual(['收銀員', 'Box office', '啟用中'])
    await button('staff-edit').trigger('click')
    await button('staff-role').setValue('manager')
    expect(page.get('[data-testid="staff-editor"]').text()).toContain('管理後台密碼（最少 12 個字元）')
  })
})
