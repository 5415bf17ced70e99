import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import jsQR from 'jsqr'
import { startDashboardFixtureServer, type DashboardFixtureServer } from '../support/hub-dashboard-server'
import { alert, device, manager, todayAt } from '../hub-dashboard/fixtures'

/**
 * Foyer Hub's dashboard page as built (npm run build:hub-dashboard), in Chromium, against a fixture server
 * answering the contract's paths (tests/support/hub-dashboard-server.ts) until the real hub serves it:
 * no serious or critical axe violation on any page, in two languages; every step done by keyboard alone;
 * the grid kept live by the real EventSource.
 */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

async function expectAxeClean(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect.soft(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), label).toEqual([])
}

/** The enrolment QR as a device's camera would read it: drawn on white, scanned with jsQR. */
async function scannedQr(page: Page): Promise<string | undefined> {
  const pixels = await page.getByTestId('enrolment-qr').evaluate(async (img: HTMLImageElement) => {
    await img.decode()
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 240
    const context = canvas.getContext('2d')!
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, 240, 240)
    context.drawImage(img, 0, 0, 240, 240)
    return Array.from(context.getImageData(0, 0, 240, 240).data)
  })
  return jsQR(Uint8ClampedArray.from(pixels), 240, 240)?.data
}

let hub: DashboardFixtureServer
test.beforeAll(async () => {
  const kiosk = device({ state: 'needs-attention', reasons: [{ what: 'terminal', state: 'not-answering', since: todayAt(19, 42) }] })
  const counter = device({ id: '00000000-0000-4000-8000-000000000002', name: 'Counter 1', place: 'Box office window 1', backend: 'training' })
  hub = await startDashboardFixtureServer({ devices: [kiosk, counter], alerts: [alert()] })
})
test.afterAll(async () => hub?.close())

test('the dashboard is axe-clean on every page and usable by keyboard alone, live from the event stream', async ({ page }) => {
  await page.goto(hub.url)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expectAxeClean(page, 'sign in')
  await page.getByRole('button', { name: 'First manager? Set up the hub' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Set up the first manager' })).toBeFocused()
  await expectAxeClean(page, 'first manager')
  await page.getByRole('button', { name: 'Back to sign in' }).focus()
  await page.keyboard.press('Enter')

  // Sign in by keyboard: the fields in order, Enter submits.
  await page.getByLabel('Name').focus()
  await page.keyboard.type(manager.name)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Password')).toBeFocused()
  await page.keyboard.type('correct horse battery')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeFocused()
  await expect(page.getByTestId('live-state')).toHaveText('Live')
  await expect(page.getByTestId('training-mark')).toHaveText('Training — not counted')
  await expectAxeClean(page, 'devices')

  // Revoke by keyboard: the confirm step takes the focus, Enter revokes.
  await page.getByRole('button', { name: 'Revoke Kiosk 3' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Yes, revoke Kiosk 3' })).toBeFocused()
  await expectAxeClean(page, 'revoke asked')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('live-region')).toHaveText('Kiosk 3 is revoked.')

  // Add a device by keyboard: its code, expiry and QR, shown once.
  await page.getByLabel('Device name').focus()
  await page.keyboard.type('Kiosk 7')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Enrolment code for Kiosk 7' })).toBeFocused()
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
  expect(await scannedQr(page)).toBe(hub.enrolmentUri)
  await expectAxeClean(page, 'enrolment code')

  // A heartbeat's change pushed on the stream shows without reloading.
  hub.push({ type: 'device', device: { ...hub.devices[1]!, state: 'offline', lastHeartbeatAt: todayAt(19, 30) } })
  await expect(page.getByTestId(`device-${hub.devices[1]!.id}`).getByTestId('device-state')).toContainText('Offline')

  // Alerts, in Traditional Chinese, acknowledged by keyboard.
  await page.getByRole('button', { name: '繁體中文' }).click()
  await page.getByTestId('nav-alerts').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: '警報' })).toBeFocused()
  await expectAxeClean(page, 'alerts (zh-HK)')
  await page.getByTestId('acknowledge').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('acknowledged')).toContainText(`已由 ${manager.name}`)
  await expectAxeClean(page, 'alert acknowledged (zh-HK)')
})
