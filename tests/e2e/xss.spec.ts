import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { startHostProcess, type HostProcess } from './host-process'
import { XSS_ELEMENT_SELECTORS } from '../../electron/sandbox/seed/xss/corpus'
import { XSS_PROMOTER, xssEventCode, xssPayload } from '../../electron/sandbox/seed/xss/xss-events'
import { mapReady } from './screens'

/**
 * The XSS corpus (FOYER_SANDBOX_XSS=1) in every escaped field the kiosk shows,
 * walked in Chromium through a browser host of this spec's own: the events
 * list, each corpus event's shows, then seats and tickets. No payload may run
 * (`window.__xss` stays unset, no dialog opens), none may become an element,
 * and each must be on screen as the literal text the back office typed.
 */
/** A host of this spec's own, its sandbox carrying the corpus (FOYER_SANDBOX_XSS=1). */
const startXssHost = () => startHostProcess({ FOYER_SANDBOX_XSS: '1' }, randomBytes(24).toString('base64url'))
type XssHost = HostProcess

let host: XssHost
test.beforeAll(async () => {
  host = await startXssHost()
})
test.afterAll(async () => {
  await host?.stop()
})

const titleOf = (n: number) => `XSS ${n + 1} ${xssPayload(n, 'title')}`

/** Dialogs (alert, confirm, prompt) the page opened: any at all means a payload ran. */
let dialogs: string[] = []

/** Nothing ran and nothing became markup, on whatever the page shows now. */
async function expectInert(page: Page, where: string): Promise<void> {
  expect(dialogs, `${where}: a dialog opened`).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), `${where}: a payload ran`).toBeUndefined()
  for (const selector of XSS_ELEMENT_SELECTORS) {
    await expect(page.locator(selector), `${where}: ${selector}`).toHaveCount(0)
  }
  const injected = await page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((el) => (el.tagName === 'SCRIPT' && (el.textContent ?? '').includes('__xss')) || [...el.attributes].some((a) => a.value.includes('__xss')))
      .map((el) => el.outerHTML.slice(0, 120)),
  )
  expect(injected, `${where}: markup from the corpus`).toEqual([])
}

test.describe('XSS corpus in the vendor’s texts', () => {
  test.beforeEach(async ({ page }) => {
    dialogs = []
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`)
      void dialog.dismiss()
    })
    await page.goto(host.entry)
    await page.getByTestId('touch-to-start').click()
    await expect(page.getByTestId('events-screen')).toBeVisible()
    await page.getByTestId('event-search').fill(XSS_PROMOTER)
    for (let n = 0; n < 4; n++) await expect(page.getByTestId(`event-${xssEventCode(n)}`)).toBeVisible()
  })

  test('renders as text on the events list and every corpus event’s shows', async ({ page }) => {
    test.setTimeout(90_000)
    for (let n = 0; n < 4; n++) await expect(page.getByTestId(`event-${xssEventCode(n)}`).locator('.event-title')).toHaveText(titleOf(n))
    await expectInert(page, 'events list')

    for (let n = 0; n < 4; n++) {
      await page.getByTestId(`event-${xssEventCode(n)}`).click()
      await expect(page.getByTestId('shows-screen')).toBeVisible()
      await expect(page.getByTestId('event-title')).toHaveText(titleOf(n))
      await expect(page.getByTestId('event-synopsis')).toHaveText(xssPayload(n, 'synopsis'))
      const muted = page.getByTestId('shows-screen').locator('.about p.muted')
      await expect(muted.nth(0)).toHaveText(xssPayload(n, 'priceDescription'))
      await expect(muted.nth(1)).toHaveText(xssPayload(n, 'duration'))
      await expect(page.getByRole('note')).toHaveText(xssPayload(n, 'advisory'))
      await expect(page.getByTestId('show-list')).toBeVisible()
      await expectInert(page, `shows of ${xssEventCode(n)}`)
      await page.getByTestId('back-to-events').click()
      await expect(page.getByTestId('events-screen')).toBeVisible()
    }
    await expectInert(page, 'events list again')
  })

  test('renders as text on the seats and tickets screens', async ({ page }) => {
    test.setTimeout(90_000)
    await page.getByTestId(`event-${xssEventCode(0)}`).click()
    await page.getByTestId('show-list').locator('button:enabled').first().click()
    await expect(page.getByTestId('seats-screen')).toBeVisible()
    await expect(page.getByTestId('seats-screen').getByRole('heading', { level: 1 })).toHaveText(titleOf(0))
    await mapReady(page)
    await expectInert(page, 'seats')

    await page.getByTestId('section-list').locator('button:enabled').first().click()
    await page.getByTestId('find-seats').click()
    await page.getByTestId('keep-set-0').click()
    await page.getByTestId('seats-continue').click()
    await expect(page.getByTestId('tickets-screen')).toBeVisible()
    await expect(page.getByTestId('tickets-screen')).toContainText(titleOf(0))
    await expectInert(page, 'tickets')
  })

  test.afterEach(() => {
    expect(dialogs, 'a dialog opened').toEqual([])
  })
})
