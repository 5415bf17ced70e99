import { join } from 'node:path'
import { drawerPulse } from '../../electron/printers/raw/cash-drawer'
import { startEscPosLoopback, type EscPosLoopback } from '../support/escpos-loopback'
import { pdfText, pdftotext } from '../support/pdf-text'
import { readFile } from 'node:fs/promises'
import { counterBasket, dollars } from './counter-basket'
import { countDrawer } from './cash-drawer'
import { COUNTER_PIN, ensureSupervisor, expect, ipc, signInAs, test } from './fixtures'
import { startHostProcess, type HostProcess } from './host-process'
import type { Page } from '@playwright/test'

/**
 * The cash drawer on the counter's receipt printer (issue #34): a loopback ESC/POS printer with a
 * drawer on its port (pin 2), on a counter host of this file's own. Its bytes are read back: the
 * pulse after the tender and before the receipt. The drawer springs open on the pulse, and the
 * printer reports it open until the test pushes it shut, as a cashier would.
 */
const CASHIER = 'Aisha Rahman'
const CASHIER_PIN = '731904'

let printer: EscPosLoopback
let host: HostProcess

test.beforeAll(async ({ playwright }) => {
  printer = await startEscPosLoopback()
  host = await startHostProcess({ FOYER_MODE: 'counter' })
  const request = await playwright.request.newContext()
  await ensureSupervisor(request, host.url)
  await ipc(request, 'staff.addAccount', { pin: COUNTER_PIN, name: CASHIER, role: 'cashier', newPin: CASHIER_PIN }, host.url)
  const receiptPrinter = { kind: 'raw', address: `${printer.host}:${printer.port}`, language: 'escpos' }
  await ipc(request, 'settings.update', { pin: COUNTER_PIN, patch: { printer: receiptPrinter, cashDrawer: 'pin2' } }, host.url)
  await request.dispose()
})
test.afterAll(async () => {
  await host?.stop()
  await printer?.close()
})

const PULSE = Array.from(drawerPulse(2))

/** The bytes at each pulse the printer worked through since `from` are ESC p 0 on pin 2. */
function pulsesSince(from: number): number[] {
  const pulses = printer.pulses().filter((pulse) => pulse.at >= from)
  for (const pulse of pulses) expect(Array.from(printer.printed().subarray(pulse.at, pulse.at + 5))).toEqual(PULSE)
  return pulses.map((pulse) => pulse.at)
}

async function shutDrawer(page: Page): Promise<void> {
  printer.set({ drawerOpen: false })
  await expect(page.getByTestId('drawer-open')).toHaveCount(0, { timeout: 15_000 })
}

async function takeCash(page: Page): Promise<void> {
  await expect(page.getByTestId('cash-payment')).toBeVisible({ timeout: 30_000 })
  const due = dollars(await page.getByTestId('checkout-amount').textContent())
  await page.getByTestId('cash-tendered').fill((Math.ceil(due / 5000) * 50 + 50).toFixed(2))
  await page.getByTestId('take-cash').click()
  await expect(page.getByTestId('done-screen')).toBeVisible({ timeout: 30_000 })
}

test('the drawer opens for the float and after the cash, before the receipt; an open drawer holds the next sale; a No sale is named on the X and Z reports', async ({ page, request }) => {
  test.setTimeout(240_000)
  await page.goto(host.entry)
  await signInAs(page, CASHIER, CASHIER_PIN)
  await expect(page.getByTestId('events-screen')).toBeVisible()

  // The float goes in: the drawer opens as the shift does, and the counter's bar says so until it is shut.
  await page.getByTestId('counter-shift').click()
  await page.getByTestId('shift-float').fill('200.00')
  await page.getByTestId('shift-open').click()
  await expect(page.getByTestId('shift-report-X')).toBeVisible()
  expect(pulsesSince(0)).toHaveLength(1)
  await expect(page.getByTestId('drawer-open')).toHaveText('Cash drawer open')
  await shutDrawer(page)
  await page.getByTestId('shift-back').click()

  // A cash sale: the pulse is the first thing the printer gets after the tender, the tickets and receipt after it.
  await counterBasket(page, 'Hamlet', /Hamlet in the Straits/, 'CASH')
  const beforeTender = printer.printed().length
  await takeCash(page)
  await expect(page.getByTestId('done-printed')).toBeVisible({ timeout: 30_000 })
  expect(pulsesSince(beforeTender)).toEqual([beforeTender])
  expect(printer.printed().length).toBeGreaterThan(beforeTender + PULSE.length + 1000)
  await page.getByTestId('done-finish').click()

  // The drawer is left open: the next sale says so and waits; shut, it goes on by itself.
  await counterBasket(page, 'Hamlet', /Hamlet in the Straits/, 'CASH')
  await expect(page.getByTestId('error-notice')).toContainText('Close the cash drawer first')
  await expect(page.getByTestId('cash-payment')).toHaveCount(0)
  printer.set({ drawerOpen: false })
  await takeCash(page)
  await page.getByTestId('done-finish').click()
  await shutDrawer(page)

  // No sale: a reason is needed, the drawer opens, and who did it is recorded.
  await page.getByTestId('counter-no-sale').click()
  await expect(page.getByTestId('no-sale-open')).toBeDisabled()
  await page.getByTestId('no-sale-change').check()
  await page.getByTestId('no-sale-open').click()
  await expect(page.getByTestId('no-sale-dialog')).toHaveCount(0)
  await expect(page.getByTestId('drawer-open')).toBeVisible()
  await shutDrawer(page)

  await page.getByTestId('counter-shift').click()
  await expect(page.getByTestId('report-drawer-openings')).toHaveText('4')
  await expect(page.getByTestId('report-drawer-no-sales')).toHaveText('1')
  await expect(page.getByTestId(`report-no-sale-${CASHIER}`)).toContainText('Change for a colleague 1')

  // Counted: the drawer opens for the count; then the Z report, printed as a PDF on the system printer the cashier switched to.
  await page.getByTestId('drawer-open-count').click()
  await expect(page.getByTestId('drawer-open')).toBeVisible()
  await shutDrawer(page)
  await ipc(request, 'counter.usePrinter', { printer: 'system' }, host.url)
  const expected = dollars(await page.getByTestId('report-expected').textContent())
  await countDrawer(page, expected)
  await page.getByTestId('shift-close').click()
  await expect(page.getByTestId('shift-report-Z')).toBeVisible()
  await expect(page.getByTestId('report-drawer-openings')).toHaveText('5')
  const shiftId = (await page.getByTestId('shift-report-Z').getAttribute('data-shift-id'))!
  const pdf = join(host.spoolDir, `shift-${shiftId.slice(0, 8)}-z-report.pdf`)
  await expect.poll(async () => (await pdfText(pdf).catch(() => ({ text: '' }))).text.replace(/\s+/g, ' ')).toContain(`No sale: ${CASHIER} 1`)
  const text = (await pdfText(pdf)).text.replace(/\s+/g, ' ')
  expect(text).toContain('Cash drawer Opened 5')
  expect(text).toContain('change for a colleague 1')
  // Each tender's lines fit the 80 mm roll: the standalone terminal's name on a line of its own, "0 sold" whole on the next.
  const layout = await pdftotext(new Uint8Array(await readFile(pdf)))
  expect(layout).toMatch(/^\s*Card \(standalone terminal\)\s*$/m)
  expect(layout).not.toMatch(/^\s*sold\s*$/m)
})
