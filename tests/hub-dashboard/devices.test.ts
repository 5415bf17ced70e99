import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DASHBOARD_PATHS } from '../../hub/protocol/dashboard'
import { dashboardDevice } from '../../hub/server/devices/device-views'
import { readyHeartbeat } from '../support/hub-heartbeats'
import { timeWords } from '../../hub/dashboard/words/time'
import { FIRST_RETRY_MS } from '../../hub/dashboard/stores/live'
import { FakeEventSource, FakeHub } from './fake-hub'
import { alert, device, todayAt } from './fixtures'
import { mountDashboard, signIn, text } from './mount-dashboard'

const kiosk = device({
  state: 'needs-attention',
  reasons: [
    { what: 'terminal', state: 'not-answering', since: todayAt(19, 42) },
    { what: 'printer', state: 'cannot-print', problems: ['no-paper'] },
  ],
  uploadsWaiting: 3,
})
const counter = device({ id: '00000000-0000-4000-8000-000000000002', name: 'Counter 1', place: 'Box office window 1', backend: 'training', mode: 'counter', salesToday: 4 })
const at = (hours: number, minutes: number, locale = 'en-SG') => timeWords(todayAt(hours, minutes), locale)

function tile(page: VueWrapper, id: string) {
  return page.get(`[data-testid="device-${id}"]`)
}

/** A tile's state and each reason, as the lines it shows them on. */
function stateLines(page: VueWrapper, id: string): string[] {
  return tile(page, id).get('[data-testid="device-state"]').findAll('span').map((line) => line.text())
}

/** The live grid: what each device can do and why not, kept live by the event stream. */
describe('the dashboard: devices', () => {
  let hub: FakeHub
  let page: VueWrapper
  beforeEach(async () => {
    hub = new FakeHub().install()
    hub.devices = [structuredClone(kiosk), structuredClone(counter)]
    page = await mountDashboard()
    await signIn(page, hub)
    hub.stream.connect()
    await flushPromises()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('shows each device: name, place, state with its reasons in words, version, backend, last sale, sales today, uploads waiting', () => {
    const one = tile(page, kiosk.id)
    expect(one.get('h3').text()).toBe('Kiosk 3')
    expect(one.text()).toContain('Lobby kiosk 3')
    expect(stateLines(page, kiosk.id)).toEqual(['Needs attention', `card terminal not answering since ${at(19, 42)}`, 'printer out of paper'])
    expect(one.text()).toContain('0.1.0')
    expect(one.text()).toContain('Production')
    expect(one.text()).toContain(at(19, 45))
    expect(one.get('[data-testid="sales-today"]').text()).toBe('12')
    expect(one.get('[data-testid="uploads-waiting"]').text()).toBe('3')
    expect(one.find('[data-testid="training-mark"]').exists()).toBe(false)
    expect(text(page, 'live-state')).toBe('Live')
  })

  it('marks a training device visibly as not counted', () => {
    expect(tile(page, counter.id).get('[data-testid="training-mark"]').text()).toBe('Training — not counted')
  })

  it('words reasons and times in the language chosen', async () => {
    await page.get('[data-testid="language-zh-CN"]').trigger('click')
    expect(stateLines(page, kiosk.id)).toEqual(['需要处理', `刷卡机自 ${at(19, 42, 'zh-CN')} 起无响应`, '打印机缺纸'])
    expect(tile(page, counter.id).get('[data-testid="training-mark"]').text()).toBe('培训 — 不计入销售')
  })

  it('updates a tile from the stream and says the change in the live region', async () => {
    hub.push({ type: 'device', device: { ...counter, state: 'offline', lastHeartbeatAt: todayAt(19, 30) } })
    await flushPromises()
    expect(stateLines(page, counter.id)).toEqual(['Offline', `no heartbeat since ${at(19, 30)}`])
    expect(text(page, 'live-region')).toContain(`Counter 1 is now offline: no heartbeat since ${at(19, 30)}`)
  })

  it("says a counter's cash drawer: open, then open for 3 minutes once the hub judges it left open; nothing for a device without one", async () => {
    expect(tile(page, kiosk.id).find('[data-testid="drawer"]').exists()).toBe(false)
    const drawer = (leftOpenMinutes: number | null) => ({ state: 'open' as const, openSince: todayAt(19, 47), leftOpenMinutes })
    const withDrawer = (leftOpenMinutes: number | null) => ({ ...counter, mode: 'counter' as const, drawer: drawer(leftOpenMinutes) })
    hub.push({ type: 'device', device: withDrawer(null) })
    await flushPromises()
    expect(tile(page, counter.id).get('[data-testid="drawer"]').text()).toBe('open')
    hub.push({ type: 'device', device: withDrawer(3) })
    await flushPromises()
    const left = tile(page, counter.id).get('[data-testid="drawer"]')
    expect(left.text()).toBe('open for 3 minutes')
    expect(left.classes()).toContain('left-open')
    expect(tile(page, counter.id).text()).toContain('Cash drawer')
    // Said once in the live region when it is first left open, not at every heartbeat after (the tile says 4 now).
    hub.push({ type: 'device', device: withDrawer(4) })
    await flushPromises()
    expect(page.findAll('[data-testid="live-line"]').map((line) => line.text())).toEqual(['Counter 1: cash drawer open for 3 minutes.'])
    await page.get('[data-testid="language-zh-CN"]').trigger('click')
    expect(tile(page, counter.id).get('[data-testid="drawer"]').text()).toBe('已打开 4 分钟')
    // A tile whose drawer is null (none set up, or the counter not answering) shows none: nothing, never "closed".
    hub.push({ type: 'device', device: counter })
    await flushPromises()
    expect(tile(page, counter.id).find('[data-testid="drawer"]').exists()).toBe(false)
  })

  it('shows a heartbeat’s drawer open 3 minutes as the hub makes its tile: open for 3 minutes', async () => {
    const now = Date.parse(todayAt(19, 50))
    const heartbeat = { ...readyHeartbeat, mode: 'counter', sentAt: new Date(now).toISOString(), drawer: { state: 'open', openSince: new Date(now - 3 * 60_000).toISOString() } }
    const row = {
      id: counter.id, name: 'Counter 1', place: 'Box office window 1', enrolled_at: new Date(now - 86_400_000), revoked_at: null, last_heartbeat_at: new Date(now),
      last_heartbeat: heartbeat, state: 'online', state_since: new Date(now - 3_600_000), sales_today: 4, last_sale_record_at: null,
    }
    hub.push({ type: 'device', device: dashboardDevice(row, now + 5_000) })
    await flushPromises()
    expect(tile(page, counter.id).get('[data-testid="drawer"]').text()).toBe('open for 3 minutes')
  })

  it('reads the drawer from the grid as first loaded, and refuses a drawer that is not one', async () => {
    hub.devices[1] = { ...counter, drawer: { state: 'closed', openSince: null, leftOpenMinutes: null } }
    hub.stream.break()
    hub.stream.connect()
    await flushPromises()
    expect(tile(page, counter.id).get('[data-testid="drawer"]').text()).toBe('closed')
    hub.stream.send(JSON.stringify({ type: 'device', device: { ...counter, drawer: { state: 'ajar', openSince: null, leftOpenMinutes: null } } }))
    await flushPromises()
    expect(text(page, 'live-unreadable')).toBe('1 live update could not be read and was skipped.')
    expect(tile(page, counter.id).get('[data-testid="drawer"]').text()).toBe('closed')
  })

  it('drops a malformed pushed event, says so, and keeps the grid as it was', async () => {
    hub.stream.send(JSON.stringify({ type: 'device', device: { ...counter, state: 'on fire' } }))
    await flushPromises()
    expect(text(page, 'live-unreadable')).toBe('1 live update could not be read and was skipped.')
    hub.stream.send('not json')
    await flushPromises()
    expect(text(page, 'live-unreadable')).toBe('2 live updates could not be read and were skipped.')
    expect(tile(page, counter.id).get('[data-testid="device-state"]').text()).toBe('Online')
  })

  it('shows an interrupted stream, and reads the grid afresh when it is back', async () => {
    hub.stream.break()
    await flushPromises()
    expect(text(page, 'live-state')).toBe('Live updates interrupted; reconnecting…')
    hub.devices[1] = { ...counter, salesToday: 9 }
    hub.stream.connect()
    await flushPromises()
    expect(text(page, 'live-state')).toBe('Live')
    expect(tile(page, counter.id).get('[data-testid="sales-today"]').text()).toBe('9')
  })

  it('opens the stream again when the browser gave it up, and goes to sign-in if the session had ended', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const first = hub.stream
      first.fail()
      await flushPromises()
      expect(text(page, 'live-state')).toBe('Live updates interrupted; reconnecting…')
      await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS)
      expect(first.closed).toBe(true)
      const second = hub.stream
      expect(second).not.toBe(first)
      second.connect()
      await flushPromises()
      expect(text(page, 'live-state')).toBe('Live')

      hub.signedIn = false
      second.fail()
      await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS)
      expect(page.find('[data-testid="sign-in-page"]').exists()).toBe(true)
      expect(FakeEventSource.open).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  })

  it('shows a malformed devices answer as a problem, not a crash', async () => {
    hub.answerNext('GET', DASHBOARD_PATHS.devices, 200, { devices: [{ ...kiosk, salesToday: -1 }] })
    hub.stream.break()
    hub.stream.connect()
    await flushPromises()
    expect(text(page, 'problem')).toMatch(/^The hub's answer could not be read/)
  })

  it('adds a device: its one-time code, expiry and a QR of the enrolment address, shown once', async () => {
    await page.get('[data-testid="add-name"]').setValue('Kiosk 7')
    await page.get('[data-testid="add-place"]').setValue('Lobby kiosk 7')
    await page.get('[data-testid="add-device"]').trigger('submit')
    await flushPromises()
    expect(hub.sent.find((s) => s.method === 'POST' && s.path === DASHBOARD_PATHS.devices)?.body).toEqual({ name: 'Kiosk 7', place: 'Lobby kiosk 7' })
    expect(text(page, 'enrolment-code-value')).toBe('K7Q2-M9XD-4R')
    expect(text(page, 'enrolment-expires')).toMatch(/^Valid until /)
    await vi.waitFor(() => expect(page.get('[data-testid="enrolment-qr"]').attributes('src')).toMatch(/^data:image\/svg\+xml/))
    expect(document.activeElement?.id).toBe('enrolment-title')
    await page.get('[data-testid="enrolment-done"]').trigger('click')
    await flushPromises()
    expect(page.find('[data-testid="enrolment-code"]').exists()).toBe(false)
    expect(page.html()).not.toContain('K7Q2-M9XD-4R')
    expect((document.activeElement as HTMLElement | null)?.dataset.testid).toBe('add-name')
  })

  it('revokes a device only after the confirm step, and keeps it when told to', async () => {
    const revokes = () => hub.sent.filter((s) => s.path === DASHBOARD_PATHS.revokeDevice(kiosk.id))
    await tile(page, kiosk.id).get('[data-testid="revoke"]').trigger('click')
    expect(document.activeElement?.getAttribute('data-testid')).toBe('revoke-confirm')
    await tile(page, kiosk.id).get('[data-testid="revoke-cancel"]').trigger('click')
    await flushPromises()
    expect(revokes()).toEqual([])
    expect(document.activeElement?.getAttribute('data-testid')).toBe('revoke')

    await tile(page, kiosk.id).get('[data-testid="revoke"]').trigger('click')
    await tile(page, kiosk.id).get('[data-testid="revoke-confirm"]').trigger('click')
    await flushPromises()
    expect(revokes()).toMatchObject([{ method: 'POST' }])
    // The tile is the hub's answer to revoking (the device as it is now): the grid is not read again for it.
    expect(hub.sent.at(-1)).toBe(revokes()[0])
    expect(tile(page, kiosk.id).get('[data-testid="device-state"]').text()).toMatch(/^Revoked/)
    expect(tile(page, kiosk.id).find('[data-testid="revoke"]').exists()).toBe(false)
    expect(text(page, 'live-region')).toContain('Kiosk 3 is revoked.')
    // The alert the hub raises for the revoke comes moments later: both are said, the first not dropped.
    hub.push({ type: 'alert', alert: alert({ id: '12', deviceId: kiosk.id, deviceName: 'Kiosk 3', to: 'revoked', reasons: [] }) })
    await flushPromises()
    expect(page.findAll('[data-testid="live-line"]').map((line) => line.text())).toEqual(['Kiosk 3 is revoked.', 'Alert: Kiosk 3 is revoked'])
    // The buttons are gone: the focus stays on the tile, not thrown back to the page's top.
    expect(document.activeElement?.id).toBe(`device-${kiosk.id}`)
  })

  it('goes back to sign-in when the hub says the session has ended', async () => {
    hub.signedIn = false
    await page.get('[data-testid="add-name"]').setValue('Kiosk 8')
    await page.get('[data-testid="add-device"]').trigger('submit')
    await flushPromises()
    expect(page.find('[data-testid="sign-in-page"]').exists()).toBe(true)
    expect(text(page, 'problem')).toBe('You are signed out. Please sign in again.')
  })
})
