import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { counterBasket, dollars, openShift } from './counter-basket'
import { COUNTER_PIN, COUNTER_SUPERVISOR, expect, ipc, openCounter, signInAs, test } from './fixtures'

/**
 * The customer display (issue #34) as a second page of its own, with its own token: it follows the
 * cashier's screen (the basket, seats and total, then the cash given and the change due, then the
 * thank-you with the booking reference), in Chinese once the cashier switches the customer's language,
 * passes axe in each state, never speaks, and holds nothing of the staff beyond a first name and
 * nothing of the patron: its DOM and every contract answer it received are read back. Its token opens
 * nothing else.
 */
const CASHIER = 'Aisha Binte Rahman'
const CASHIER_PIN = '731904'

async function seriousViolations(page: Page): Promise<string> {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    .join('\n')
}

/** One call with the customer display's own token, as its page would make it. */
async function asCustomerPage(request: APIRequestContext, url: string, token: string, channel: string, data: unknown = {}) {
  const answer = await request.post(`${url}ipc/${channel}`, { headers: { authorization: `Bearer ${token}` }, data })
  return { status: answer.status(), body: await answer.text() }
}

/** The cashier's own account (a full name of three words), added by the supervisor once per host. */
async function ensureCashier(request: APIRequestContext, url: string): Promise<void> {
  const accounts = await ipc<{ name: string }[]>(request, 'staff.accounts', { pin: COUNTER_PIN }, url)
  if (!accounts.some((a) => a.name === CASHIER)) await ipc(request, 'staff.addAccount', { pin: COUNTER_PIN, name: CASHIER, role: 'cashier', newPin: CASHIER_PIN }, url)
}

test('the customer display follows the sale: basket, change due, thank-you with the reference, in Chinese when switched', async ({ page, browser, request, counterHostUrl, counterCustomerDisplay }) => {
  test.setTimeout(120_000)
  const url = counterHostUrl
  const customerToken = /#token=([^&]+)/.exec(counterCustomerDisplay)![1]!
  await openCounter(page, request, url, false)
  await ensureCashier(request, url)
  await ipc(request, 'settings.update', { pin: COUNTER_PIN, patch: { customerDisplay: true } }, url)
  try {
    // The customer display: a page of its own (another browser context), its speech counted should anything start it.
    const context = await browser.newContext()
    const display = await context.newPage()
    await display.addInitScript(() => {
      const said: string[] = []
      ;(window as unknown as { said: string[] }).said = said
      if ('speechSynthesis' in window) window.speechSynthesis.speak = (u: SpeechSynthesisUtterance) => void said.push(u.text)
    })
    const answers: string[] = []
    const asked = new Set<string>()
    display.on('request', (sent) => {
      const path = new URL(sent.url()).pathname
      if (path.startsWith('/ipc/') || path === '/push') asked.add(path)
    })
    display.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/ipc/')) void response.text().then((text) => answers.push(text), () => {})
    })
    await display.goto(counterCustomerDisplay)
    const shown = display.getByTestId('customer-display')
    await expect(shown).toHaveAttribute('data-state', 'idle')
    expect(await seriousViolations(display), 'idle: axe').toBe('')

    // Staff's test picture (staff settings), on the browser host's one display: this page.
    expect(await ipc(request, 'customerDisplay.displays', {}, url)).toEqual([expect.objectContaining({ id: 1, cashiers: false })])
    expect(await ipc(request, 'customerDisplay.testPicture', { displayId: null }, url)).toEqual({ shown: true })
    await expect(shown).toHaveAttribute('data-state', 'test')
    expect(await seriousViolations(display), 'test picture: axe').toBe('')

    await signInAs(page, CASHIER, CASHIER_PIN)
    await expect(page.getByTestId('events-screen')).toBeVisible()
    await expect(page.getByTestId('customer-language')).toBeVisible()
    expect(await seriousViolations(page), "the counter bar with the customer's language: axe").toBe('')
    await openShift(page, '200.00')
    await counterBasket(page, 'Hamlet', /Hamlet in the Straits/, 'CASH')
    await expect(page.getByTestId('cash-payment')).toBeVisible()
    const due = dollars(await page.getByTestId('checkout-amount').textContent())

    // The basket the cashier built: the show, its seats (on the section's picture) and the total main invoiced.
    await expect(shown).toHaveAttribute('data-state', 'basket')
    await expect(display.getByTestId('customer-show')).toContainText('Hamlet in the Straits')
    await expect(display.getByTestId('customer-seats').locator('li')).not.toHaveCount(0)
    await expect(display.getByTestId('customer-section-picture')).toBeVisible()
    await expect(display.getByTestId('customer-price')).toHaveCount(1)
    await expect(display.getByTestId('customer-total')).toHaveText(`S$${(due / 100).toFixed(2)}`)
    expect(await seriousViolations(display), 'basket: axe').toBe('')

    // The cashier switches the customer's language: the display follows, the cashier's own screen stays English.
    await page.getByTestId('customer-language').selectOption('zh-CN')
    await expect(display.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await expect(display.getByRole('heading', { level: 1 })).toHaveText('您的门票')
    await expect(display.getByTestId('customer-show')).not.toContainText('Hamlet in the Straits')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-SG')
    expect(await seriousViolations(display), 'basket in zh-CN: axe').toBe('')

    // The cash handed over, as the cashier types it: the change due, reckoned by main.
    const given = Math.ceil(due / 5000) * 5000 + 5000
    await page.getByTestId('cash-tendered').fill((given / 100).toFixed(2))
    await expect(shown).toHaveAttribute('data-state', 'tender')
    await expect(display.getByTestId('customer-change')).toContainText(((given - due) / 100).toFixed(2))
    await expect(display.getByRole('heading', { level: 1 })).toHaveText('您的付款')
    expect(await seriousViolations(display), 'tender: axe').toBe('')

    await page.getByTestId('take-cash').click()
    await expect(page.getByTestId('done-screen')).toBeVisible({ timeout: 30_000 })
    const reference = /FY\d{14}/.exec((await page.getByTestId('done-reference').textContent())!)![0]
    await expect(shown).toHaveAttribute('data-state', 'thanks')
    await expect(display.getByTestId('customer-reference')).toHaveText(reference)
    await expect(display.getByRole('img', { name: new RegExp(reference) })).toBeVisible()
    await expect(display.getByTestId('customer-served-by')).toHaveText('服务人员：Aisha')
    expect(await seriousViolations(display), 'thanks: axe').toBe('')

    // Nothing of the staff beyond a first name, nothing of the patron: the page's DOM and what the contract told it.
    const dom = await display.content()
    expect(answers.length).toBeGreaterThan(0)
    for (const said of [dom, ...answers]) {
      for (const secret of ['Rahman', 'Binte', COUNTER_SUPERVISOR, '@', 'boxoffice']) expect(said).not.toContain(secret)
    }
    expect(await display.evaluate(() => (window as unknown as { said: string[] }).said)).toEqual([])
    // The page asked main for its view and listened to its push, and nothing else.
    expect([...asked].sort()).toEqual(['/ipc/customerDisplay.view', '/push'])

    // Its token opens its own view and nothing else: neither the settings nor a payment.
    expect((await asCustomerPage(request, url, customerToken, 'customerDisplay.view')).status).toBe(200)
    for (const [channel, data] of [['settings.get', {}], ['checkout.pay', { saleId: '00000000-0000-4000-8000-000000000000', tender: 'cash', tenderedCents: 100 }], ['customerDisplay.basket', { lines: [] }]] as const) {
      const refused = await asCustomerPage(request, url, customerToken, channel, data)
      expect(refused.status, channel).toBe(403)
      expect(refused.body, channel).toContain('contract.unauthorized')
    }

    // The next customer: the display waits between customers again, in the venue's first language.
    await page.getByTestId('done-finish').click()
    await expect(shown).toHaveAttribute('data-state', 'idle')
    await expect(display.locator('html')).toHaveAttribute('lang', 'en-SG')
    await context.close()
  } finally {
    await ipc(request, 'settings.update', { pin: COUNTER_PIN, patch: { customerDisplay: false } }, url)
  }
})
