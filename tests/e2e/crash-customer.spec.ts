import Database from 'better-sqlite3'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SalesJournal } from '../../electron/journal/sales-journal'
import { freePort } from '../support/free-port'
import { expect, test, type Page } from './fixtures'
import { startHostProcess, type HostProcess } from './host-process'
import { screens } from './screens'

/**
 * A customer at a portrait self-service kiosk (1080×1920) when Foyer crashes
 * mid-payment (issue #14, kiosk item 5): the host is killed outright, the
 * page stays where it was, and Foyer is started again on the same data folder
 * and port. The screen must reconnect by itself, with a "Check again" that
 * really asks, and then say what the sales journal says of that sale (not
 * charged; paid and printed), with buttons that work and a countdown that runs.
 */
test.use({ viewport: { width: 1080, height: 1920 } })

/** A kiosk host whose journal, sandbox and printer outlive it, so it can be killed and started again where it was. */
class CrashableKiosk {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'foyer-e2e-crash-'))
  readonly spoolDir = mkdtempSync(join(tmpdir(), 'foyer-e2e-crash-print-'))
  host: HostProcess | null = null
  constructor(readonly port: number) {}

  /** Starts (again); `crashAfterStep`: the host kills itself right after checkout journals that step. */
  async start(crashAfterStep?: string): Promise<HostProcess> {
    this.host = await startHostProcess({
      FOYER_DATA_DIR: this.dataDir,
      FOYER_HOST_PORT: String(this.port),
      FOYER_PRINT_SPOOL: this.spoolDir,
      ...(crashAfterStep ? { FOYER_CRASH_AFTER_STEP: crashAfterStep } : {}),
    })
    return this.host
  }

  /** The one sale in the kiosk's own journal, as recovery left it: where it stands, read as Foyer reads it (order and payments). */
  journalSale(): { state: string; reference: string | null } {
    const db = new Database(join(this.dataDir, 'foyer.db'), { readonly: true, fileMustExist: true })
    try {
      const { sale_id: saleId, backend } = db.prepare('SELECT sale_id, backend FROM sales ORDER BY created_at DESC LIMIT 1').get() as { sale_id: string; backend: string }
      const sale = new SalesJournal(db, backend).get(saleId)!
      return { state: sale.state, reference: sale.reference }
    } finally {
      db.close()
    }
  }
}

let kiosk: CrashableKiosk

test.beforeEach(async () => {
  // A port of its own: the host comes back on the address the page has.
  kiosk = new CrashableKiosk(await freePort())
})
test.afterEach(async () => {
  await kiosk.host?.stop()
})

/** The kiosk page on the host, two seats in the basket, on the payment screen. */
async function toPayment(page: Page): Promise<void> {
  await page.goto(kiosk.host!.entry)
  await screens.find((s) => s.name === 'checkout')!.reach(page)
}

/** A host started and the customer at the card terminal, which waits for their card: the sale is journalled as paying. */
async function atTheTerminal(page: Page): Promise<void> {
  await kiosk.start()
  await toPayment(page)
  await page.getByTestId('test-card-no-card').click()
  await expect(page.getByTestId('checkout-stop-payment')).toBeVisible()
  await expect.poll(() => kiosk.journalSale().state, { timeout: 20_000 }).toBe('paying')
}

/** The background colour an element is drawn in. */
const backgroundOf = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => getComputedStyle(el).backgroundColor)

/** The kiosk's red look for trouble (--danger-soft), as the browser resolves it. */
const dangerColour = (page: Page) =>
  page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement('div'))
    probe.style.background = 'var(--danger-soft)'
    const colour = getComputedStyle(probe).backgroundColor
    probe.remove()
    return colour
  })

/** The countdown's seconds, read off the screen. */
const secondsOn = async (page: Page, testId: string) => Number(/\d+/.exec((await page.getByTestId(testId).textContent()) ?? '')?.[0])

/** The countdown is running: its number goes down by itself. */
async function countsDown(page: Page, testId: string): Promise<void> {
  const first = await secondsOn(page, testId)
  await expect.poll(() => secondsOn(page, testId), { timeout: 20_000 }).toBeLessThan(first)
}

// Two hosts start (each with its sandbox) and a sale is recovered: generous, for a machine three times slower.
test.describe.configure({ timeout: 240_000 })

test('killed while the customer is at the card terminal: the screen reconnects by itself and says "not charged", as the journal has it, and again after the window reloads', async ({ page }) => {
  await atTheTerminal(page)

  await kiosk.host!.kill()
  const standing = page.getByTestId('sale-standing')
  await expect(standing).toHaveAttribute('data-outcome', 'reconnecting', { timeout: 30_000 })
  await expect(page.getByTestId('sale-standing-title')).toContainText('Lost contact')
  await expect(page.getByTestId('sale-standing-what')).toContainText('do not pay again')
  // No way to pay twice while nobody knows where the money is.
  await expect(page.getByTestId('card-payment')).toHaveCount(0)
  // "Check again now" really asks (and, with Foyer still down, says so again rather than doing nothing).
  await page.getByTestId('sale-standing-check').click()
  await expect(standing).toHaveAttribute('data-outcome', 'reconnecting')

  await kiosk.start()
  await expect(standing).toHaveAttribute('data-outcome', 'not-charged', { timeout: 90_000 })
  await expect(page.getByTestId('sale-standing-title')).toHaveText('You have not been charged')
  await expect(page.getByTestId('sale-standing-what')).toContainText('Nothing was taken from your card')
  // As the journal has it: recovery stopped the payment at the terminal and voided the order.
  const sale = kiosk.journalSale()
  expect(sale.state).toBe('cancelled')
  // Issue #22: the order was voided, so no booking exists: no "Booking reference" (nor any number) is shown.
  expect(sale.reference).not.toBeNull()
  await expect(standing).not.toContainText(sale.reference!)
  await expect(standing).not.toContainText('Booking reference')
  // Nothing happened to the money: said as information, not in the red look kept for trouble.
  expect(await backgroundOf(page, 'sale-standing')).not.toBe(await dangerColour(page))
  await countsDown(page, 'sale-standing-countdown')

  // The window reloads (as Electron brings a crashed renderer back): a fresh page, with nothing in
  // memory but the sale's id this tab kept while its payment was under way, says where it stands.
  await page.reload()
  await expect(standing).toHaveAttribute('data-outcome', 'not-charged', { timeout: 90_000 })
  await countsDown(page, 'sale-standing-countdown')
  await page.getByTestId('sale-standing-start-again').click()
  await expect(page.getByTestId('attract-screen')).toBeVisible()
  // Done with: a further reload starts afresh.
  await page.reload()
  await expect(page.getByTestId('attract-screen')).toBeVisible()
})

test('killed after the card was approved, before the confirm: Foyer confirms and prints on its return, and the customer is told to take the tickets', async ({ page }) => {
  // This host dies the moment the payment's approval is journalled, before the vendor is asked to confirm.
  await kiosk.start('payment-approved')
  await toPayment(page)
  await page.getByTestId('test-card-approve').click()
  await kiosk.host!.exited
  expect(kiosk.journalSale().state).toBe('paid')

  const standing = page.getByTestId('sale-standing')
  await expect(standing).toHaveAttribute('data-outcome', 'reconnecting', { timeout: 30_000 })
  await kiosk.start()
  // Recovery confirms the order and prints the tickets; the screen hears it and shows the booking.
  await expect(page.getByTestId('done-screen')).toBeVisible({ timeout: 120_000 })
  await expect(page.getByTestId('done-printed')).toContainText('take your tickets')
  await expect(page.getByTestId('done-tickets').locator('li')).toHaveCount(2)
  // As the journal has it: paid once, confirmed, printed.
  const sale = kiosk.journalSale()
  expect(sale.state).toBe('printed')
  await expect(page.getByTestId('done-reference')).toContainText(sale.reference!)
  expect(existsSync(join(kiosk.spoolDir, `${sale.reference}-ticket-01.pdf`))).toBe(true)
  await countsDown(page, 'done-countdown')

  await page.getByTestId('done-finish').click()
  await expect(page.getByTestId('attract-screen')).toBeVisible()
})
