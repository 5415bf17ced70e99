import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DASHBOARD_PATHS } from '../../hub/protocol/dashboard'
import { timeWords } from '../../hub/dashboard/words/time'
import { FakeHub } from './fake-hub'
import { alert, manager, todayAt } from './fixtures'
import { mountDashboard, signIn, text } from './mount-dashboard'

const older = alert({ id: '9', raisedAt: todayAt(18, 5), to: 'offline', reasons: [] })
const newer = alert({ id: '10', raisedAt: todayAt(19, 42) })

function listed(page: VueWrapper): string[] {
  return page.findAll('[data-testid="alert-list"] > li').map((li) => li.attributes('data-testid')!)
}

/** Alerts: newest first, acknowledged by the manager signed in, by name and time. */
describe('the dashboard: alerts', () => {
  let hub: FakeHub
  let page: VueWrapper
  beforeEach(async () => {
    hub = new FakeHub().install()
    hub.alerts = [structuredClone(older), structuredClone(newer)]
    page = await mountDashboard()
    await signIn(page, hub)
    hub.stream.connect()
    await page.get('[data-testid="nav-alerts"]').trigger('click')
    await flushPromises()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('lists alerts newest first, with the change and its reason in words, and counts those waiting in the navigation', () => {
    expect(listed(page)).toEqual(['alert-10', 'alert-9'])
    const top = page.get('[data-testid="alert-10"]')
    expect(top.text()).toContain('Kiosk 3: Online → Needs attention')
    expect(top.text()).toContain('printer out of paper')
    expect(top.text()).toContain(`Raised ${timeWords(newer.raisedAt, 'en-SG')}`)
    expect(text(page, 'nav-alerts')).toBe('Alerts (2 waiting)')
    expect(page.get('[data-testid="nav-alerts"]').attributes('aria-current')).toBe('page')
    expect(document.activeElement?.id).toBe('alerts-title')
  })

  it('acknowledges an alert and shows who did and when', async () => {
    const button = page.get('[data-testid="alert-10"] [data-testid="acknowledge"]')
    expect(button.attributes('aria-label')).toBe(`Acknowledge the alert for Kiosk 3 raised ${timeWords(newer.raisedAt, 'en-SG')}`)
    await button.trigger('click')
    await flushPromises()
    expect(hub.sent.find((s) => s.path === DASHBOARD_PATHS.acknowledgeAlert('10'))).toMatchObject({ method: 'POST' })
    const acknowledged = hub.alerts.find((a) => a.id === '10')!.acknowledged!
    expect(text(page, 'alert-10')).toContain(`Acknowledged by ${manager.name} at ${timeWords(acknowledged.at, 'en-SG')}`)
    expect(page.find('[data-testid="alert-10"] [data-testid="acknowledge"]').exists()).toBe(false)
    // The button is gone: the focus moves to who acknowledged it, not back to the page's top.
    expect(document.activeElement?.textContent).toContain(`Acknowledged by ${manager.name}`)
    expect(text(page, 'nav-alerts')).toBe('Alerts (1 waiting)')
    // Taken from the hub's answer (the alert as recorded): the list is not read again for it.
    expect(hub.sent.at(-1)).toMatchObject({ method: 'POST', path: DASHBOARD_PATHS.acknowledgeAlert('10') })
  })

  it('puts a pushed alert on top and reads it out', async () => {
    hub.push({ type: 'alert', alert: alert({ id: '11', deviceName: 'Counter 1', to: 'offline', reasons: [], raisedAt: todayAt(19, 55) }) })
    await flushPromises()
    expect(listed(page)).toEqual(['alert-11', 'alert-10', 'alert-9'])
    expect(text(page, 'live-region')).toContain('Alert: Counter 1 is offline')
  })

  it.each([
    ['en-SG', ['Alert: Kiosk 3 needs attention', 'Alert: Kiosk 3 is revoked', 'Alert: Kiosk 3 is online']],
    ['ms-MY', ['Amaran: Kiosk 3 perlu perhatian', 'Amaran: Kiosk 3 telah dibatalkan', 'Amaran: Kiosk 3 kini dalam talian']],
    ['zh-CN', ['警报：Kiosk 3 需要处理', '警报：Kiosk 3 已被吊销', '警报：Kiosk 3 已上线']],
  ])('reads each alert out as a sentence in %s, its state in the sentence’s own words', async (locale, said) => {
    await page.get(`[data-testid="language-${locale}"]`).trigger('click')
    const states = ['needs-attention', 'revoked', 'online'] as const
    states.forEach((to, i) => hub.push({ type: 'alert', alert: alert({ id: String(20 + i), to, reasons: [], raisedAt: todayAt(19, 50 + i) }) }))
    await flushPromises()
    expect(page.findAll('[data-testid="live-line"]').map((line) => line.text())).toEqual(said)
  })

  it('says when an alert another manager acknowledged is pushed', async () => {
    hub.push({ type: 'alert', alert: { ...newer, acknowledged: { by: 'Ahmad', at: todayAt(19, 50) } } })
    await flushPromises()
    expect(text(page, 'alert-10')).toContain(`Acknowledged by Ahmad at ${timeWords(todayAt(19, 50), 'en-SG')}`)
    expect(text(page, 'live-region')).toContain('Alert for Kiosk 3 acknowledged by Ahmad')
  })

  it('says an alert that is gone at the hub in words', async () => {
    hub.answerNext('POST', DASHBOARD_PATHS.acknowledgeAlert('9'), 404, { refused: 'not-found' })
    await page.get('[data-testid="alert-9"] [data-testid="acknowledge"]').trigger('click')
    await flushPromises()
    expect(text(page, 'problem')).toBe('Not found: it may have been removed meanwhile.')
  })
})
