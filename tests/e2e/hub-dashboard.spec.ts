import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import jsQR from 'jsqr'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { AddDeviceAnswer, HeartbeatAnswer, HUB_PATHS, type Heartbeat } from '../../hub/protocol'
import { startHub, type Hub } from '../../hub/server/hub-server'
import type { HubDatabase } from '../../hub/storage/database'
import { migrate } from '../../hub/storage/migrate'
import { openPgliteDatabase } from '../../hub/storage/pglite-database'
import { todayAt } from '../hub-dashboard/fixtures'
import { enrolAt, type EnrolledDevice } from '../support/hub-device'
import { readyHeartbeat } from '../support/hub-heartbeats'

/**
 * Foyer Hub's dashboard page as built (npm run build:hub-dashboard), served by the real hub (on PGlite, in
 * this worker, started once for the file) to Chromium: the first manager enrols with the hub's own code,
 * devices enrol through the device protocol and send real heartbeats, and what they say reaches the grid
 * through the real EventSource. No serious or critical axe violation on any page, in two languages; every
 * step done by keyboard alone.
 */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const managerName = 'Mei Tan'
const password = 'correct horse battery'

// The hub makes its own certificate at first start, which no browser trusts until the venue installs it.
// A manager accepts it once (README, "Foyer Hub"); here the page's context does, and only it: the devices
// below pin the certificate as Foyer does, and nothing else in the run is told to trust anything.
test.use({ ignoreHTTPSErrors: true })

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

/** Focuses a control and presses Enter, as a keyboard user does. */
async function press(page: Page, control: ReturnType<Page['getByRole']>): Promise<void> {
  await control.focus()
  await page.keyboard.press('Enter')
}

type Field = ReturnType<Page['getByLabel']>

/** Fills a form's fields in order as a keyboard user does: the first focused, then Tab to each next one. */
async function typeFields(page: Page, fields: [Field, string][]): Promise<void> {
  for (const [index, [field, value]] of fields.entries()) {
    if (index === 0) await field.focus()
    else await page.keyboard.press('Tab')
    await expect(field).toBeFocused()
    await page.keyboard.type(value)
  }
}

async function heartbeat(device: EnrolledDevice, body: Heartbeat): Promise<HeartbeatAnswer> {
  const answer = await device.post(HUB_PATHS.heartbeat, body)
  expect(answer.status).toBe(200)
  return HeartbeatAnswer.parse(answer.body)
}

let hub: Hub
let db: HubDatabase
let dataDir: string
test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'foyer-hub-e2e-'))
  // In memory: the hub's data folder then holds only its certificate, made at this start.
  db = await openPgliteDatabase()
  await migrate(db)
  hub = await startHub({ dataDir, db, dashboardDir: resolve('out/hub-dashboard') })
})
test.afterAll(async () => {
  await hub?.close()
  await db?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

test('the dashboard on the real hub: first manager, devices enrolled and heartbeating live, alerts acknowledged, a device revoked; axe-clean and by keyboard alone', async ({ page }) => {
  // A fresh hub: the page opens on the first manager's form, for the one-time code the hub printed at its start.
  await page.goto(hub.url)
  await expect(page.getByRole('heading', { name: 'Set up the first manager' })).toBeFocused()
  await expectAxeClean(page, 'first manager')
  await typeFields(page, [
    [page.getByLabel('One-time code'), hub.firstManagerCode!],
    [page.getByLabel('Your name'), managerName],
    [page.getByLabel('Password (at least 12 characters)'), password],
  ])
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeFocused()
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${managerName}`)

  // Out, and in again with the account just made: the fields in order, Enter submits.
  await press(page, page.getByRole('button', { name: 'Sign out' }))
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeFocused()
  await expectAxeClean(page, 'sign in')
  await typeFields(page, [
    [page.getByLabel('Name'), managerName],
    [page.getByLabel('Password'), password],
  ])
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeFocused()
  await expect(page.getByTestId('live-state')).toHaveText('Live')
  await expectAxeClean(page, 'devices, none yet')

  // Add a device by keyboard: its code, expiry and QR, shown once; the QR reads as the hub's answer.
  const added = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/devices')
  await typeFields(page, [
    [page.getByLabel('Device name'), 'Kiosk 3'],
    [page.getByLabel('Place (for example, Lobby kiosk 3)'), 'Lobby kiosk 3'],
  ])
  await page.keyboard.press('Enter')
  const answer = AddDeviceAnswer.parse(await (await added).json())
  await expect(page.getByRole('heading', { name: 'Enrolment code for Kiosk 3' })).toBeFocused()
  await expect(page.getByTestId('enrolment-code-value')).toHaveText(answer.code)
  expect(await scannedQr(page)).toBe(answer.enrolmentUri)
  expect(Object.fromEntries(new URL(answer.enrolmentUri).searchParams)).toEqual({ url: hub.url, code: answer.code, fingerprint: hub.fingerprint })
  await expectAxeClean(page, 'enrolment code')

  // The kiosk enrols with that code; a counter with one the hub made. Their heartbeats reach the grid live.
  const kiosk = (await enrolAt(hub.url, answer.code)).device!
  const counterCode = await hub.createDeviceEnrolmentCode({ name: 'Counter 1', place: 'Box office window 1' })
  const counter = (await enrolAt(hub.url, counterCode.code)).device!
  const terminalDownSince = todayAt(19, 42)
  expect(await heartbeat(kiosk, { ...readyHeartbeat, terminal: { state: 'not-answering', since: terminalDownSince }, sentAt: new Date().toISOString() })).toMatchObject({ status: 'ok' })
  expect(await heartbeat(counter, { ...readyHeartbeat, mode: 'counter', backend: 'training', sentAt: new Date().toISOString() })).toMatchObject({ status: 'ok' })
  const kioskTile = page.getByTestId(`device-${kiosk.deviceId}`)
  await expect(kioskTile.getByTestId('device-state')).toContainText('Needs attention')
  await expect(kioskTile.getByTestId('device-state')).toContainText(/card terminal not answering since (19|7):42/)
  await expect(page.getByTestId(`device-${counter.deviceId}`).getByTestId('device-state')).toContainText('Online')
  await expect(page.getByTestId('training-mark')).toHaveText('Training — not counted')
  await expect(page.getByTestId('nav-alerts')).toHaveText('Alerts (2 waiting)')
  await expectAxeClean(page, 'devices, live')

  // Alerts, in Traditional Chinese: the kiosk's, acknowledged by keyboard, names the manager.
  await page.getByRole('button', { name: '繁體中文' }).click()
  await press(page, page.getByTestId('nav-alerts'))
  await expect(page.getByRole('heading', { name: '警報' })).toBeFocused()
  await expectAxeClean(page, 'alerts (zh-HK)')
  const kioskAlert = page.getByTestId('alert-list').getByRole('listitem').filter({ hasText: 'Kiosk 3' })
  await press(page, kioskAlert.getByTestId('acknowledge'))
  await expect(kioskAlert.getByTestId('acknowledged')).toContainText(`已由 ${managerName}`)
  await expect(kioskAlert.getByTestId('acknowledged')).toBeFocused()
  await expectAxeClean(page, 'alert acknowledged (zh-HK)')

  // Revoke by keyboard: the confirm step takes the focus, Enter revokes; the kiosk's next heartbeat is refused.
  await page.getByRole('button', { name: 'English' }).click()
  await press(page, page.getByTestId('nav-devices'))
  await press(page, page.getByRole('button', { name: 'Revoke Kiosk 3' }))
  await expect(page.getByRole('button', { name: 'Yes, revoke Kiosk 3' })).toBeFocused()
  await expectAxeClean(page, 'revoke asked')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('live-region')).toContainText('Kiosk 3 is revoked.')
  await expect(kioskTile.getByTestId('device-state')).toContainText('Revoked')
  expect(await heartbeat(kiosk, { ...readyHeartbeat, sentAt: new Date().toISOString() })).toEqual({ status: 'revoked' })
})
