import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { COUNTER_SUPERVISOR, ensureSupervisor, expect, signInAs, test } from './fixtures'
import { chooseLanguage, kioskLocales } from './screens'

/**
 * Counter mode through the real renderer, on a counter-mode browser host of
 * the worker's own (FOYER_MODE=counter, sandbox): staff sign in with the PIN, the keyboard
 * drives the common steps, and signing out gives every held seat back.
 *
 * The tests of a worker share its host (and its in-memory settings) in any
 * order, so none depends on another: the PIN is set (or re-set to the same
 * value) through the contract endpoint before each test.
 */

const PIN = '258046'
/** This worker's own counter-mode host (fixtures.ts), set before each test. */
let counterUrl = ''
const auth = { authorization: `Bearer ${process.env.FOYER_HOST_TOKEN}` }

/** One contract call to the counter host's main, as the renderer's web bridge makes it. */
async function ipc<T>(request: APIRequestContext, channel: string, data: unknown = {}): Promise<T> {
  const answer = await request.post(`${counterUrl}ipc/${channel}`, { headers: auth, data })
  const reply = (await answer.json()) as { ok: boolean; value: T; error?: { code: string } }
  if (!reply.ok) throw new Error(`${channel}: ${reply.error?.code}`)
  return reply.value
}

/**
 * The staff PIN, whatever ran before: the first PIN is set with the host's
 * enrolment code, and a set one is "changed" to itself (which needs it, and
 * so also proves it is ours).
 */
test.beforeEach(async ({ request, counterHostUrl }) => {
  counterUrl = counterHostUrl
  await ensureSupervisor(request, counterUrl)
})

async function openCounter(page: Page): Promise<void> {
  await page.goto(`${counterUrl}#token=${process.env.FOYER_HOST_TOKEN}`)
  await expect(page.getByTestId('counter-sign-in-screen')).toBeVisible()
}

async function signInByKeyboard(page: Page): Promise<void> {
  await signInAs(page, COUNTER_SUPERVISOR, PIN)
  await expect(page.getByTestId('events-screen')).toBeVisible()
}

/** Holds two seats of the musical through main (as the seats screen would); answers main's hold count. */
async function holdTwoSeats(request: APIRequestContext): Promise<number> {
  type Page = { events: { code: string }[] }
  const { events } = await ipc<Page>(request, 'catalogue.events', { lang: 'EN_SG', search: 'Kopi' })
  const { shows } = await ipc<{ shows: { productId: number; availability: string }[] }>(request, 'catalogue.shows', { code: events[0]!.code, lang: 'EN_SG' })
  const show = shows.find((s) => s.availability === 'available')!
  const overview = await ipc<{ sections: { sectionId: number; priceCategoryId: number; sectionAlias: string }[] }>(request, 'seatmap.overview', {
    productId: show.productId,
  })
  const section = overview.sections.find((s) => s.sectionAlias === 'Stalls Centre')!
  await ipc(request, 'offers.request', { productId: show.productId, priceCategoryId: section.priceCategoryId, sectionId: section.sectionId, mode: 'HS', quantity: 2 })
  return (await ipc<{ count: number }>(request, 'holds.status')).count
}

async function openMusical(page: Page): Promise<void> {
  await page.getByTestId('event-search').fill('Kopi')
  await page.getByText('Kopi & Kaya: The Musical').click()
  await expect(page.getByTestId('shows-screen')).toBeVisible()
}

test('sign-in refuses a wrong PIN, accepts the right one and lands on events; sign-out gives the seats back', async ({ page, request }, testInfo) => {
  await openCounter(page)
  // No attract loop at a counter, and no way past the sign-in.
  await expect(page.getByTestId('attract-screen')).toHaveCount(0)
  await expect(page.getByTestId('counter-bar')).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('counter-sign-in-en-SG.png'), fullPage: true })

  await page.getByTestId('counter-name').fill(COUNTER_SUPERVISOR)
  for (const digit of '111111') await page.getByTestId(`counter-pin-${digit}`).click()
  await page.getByTestId('counter-sign-in').click()
  await expect(page.getByTestId('counter-sign-in-notice')).toHaveText('That name and PIN do not match an active staff account.')
  await expect(page.getByTestId('counter-sign-in-screen')).toBeVisible()

  await page.getByTestId('counter-name').fill(COUNTER_SUPERVISOR)
  for (const digit of PIN) await page.getByTestId(`counter-pin-${digit}`).click()
  await page.getByTestId('counter-sign-in').click()
  await expect(page.getByTestId('events-screen')).toBeVisible()
  await expect(page.getByTestId('counter-bar')).toBeVisible()
  await expect(page.getByTestId('event-list').getByRole('button').first()).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('counter-events-en-SG.png'), fullPage: true })

  // A customer's seats are held; the staff member signs out: main gives them back.
  expect(await holdTwoSeats(request)).toBeGreaterThan(0)
  await page.getByTestId('counter-sign-out').click()
  await expect(page.getByTestId('counter-sign-in-screen')).toBeVisible()
  await expect(page.getByTestId('counter-bar')).toHaveCount(0)
  await expect.poll(async () => (await ipc<{ count: number }>(request, 'holds.status')).count).toBe(0)
})

test('keyboard: Enter signs in, Escape goes back, Alt+N starts a new sale; hints show on the keys', async ({ page }) => {
  await openCounter(page)
  await signInByKeyboard(page)
  // The hint badge comes from the attribute itself, in counter mode.
  const hint = await page.getByTestId('counter-new-sale').evaluate((button) => getComputedStyle(button, '::after').content)
  expect(hint).toContain('Alt+N')

  await openMusical(page)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('events-screen')).toBeVisible()

  await openMusical(page)
  await page.keyboard.press('Alt+N')
  await expect(page.getByTestId('events-screen')).toBeVisible()
  // A new sale starts afresh: no search left from the last customer.
  await expect(page.getByTestId('event-search')).toHaveValue('')
  await expect(page.getByTestId('event-list').getByRole('button').first()).toBeVisible()
})

test('keyboard: "/" focuses the event search, and typing there finds an event', async ({ page }) => {
  await openCounter(page)
  await signInByKeyboard(page)
  const search = page.getByTestId('event-search')
  await expect(search).toHaveAttribute('aria-keyshortcuts', '/')
  await page.getByTestId('counter-new-sale').focus()
  await page.keyboard.press('/')
  await expect(search).toBeFocused()
  await page.keyboard.type('Kopi')
  // "/" was spent on the command, not typed.
  await expect(search).toHaveValue('Kopi')
  await expect(page.getByText('Kopi & Kaya: The Musical')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('events-screen')).toBeVisible()
})

/** axe's serious and critical WCAG 2.x A/AA findings, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

// The sign-in, then the counter bar in each language, signed in once: an axe run takes seconds a page
// on a busy machine, so the test has a budget for five of them.
test('axe: the sign-in, then the counter bar with its shortcut hints in each language', async ({ page }, testInfo) => {
  test.setTimeout(180_000)
  await openCounter(page)
  expect(await seriousViolations(page), 'sign-in').toEqual([])
  await signInByKeyboard(page)
  for (const locale of kioskLocales) {
    await chooseLanguage(page, locale)
    await expect(page.getByTestId('event-list').getByRole('button').first()).toBeVisible()
    // The list dims while it reloads in the new language: checked once it shows the new one, not mid-reload.
    await expect(page.getByTestId('event-list')).not.toHaveAttribute('aria-busy', 'true')
    expect.soft(await seriousViolations(page), `events with the counter bar, ${locale}`).toEqual([])
    await page.screenshot({ path: testInfo.outputPath(`counter-bar-${locale}.png`) })
  }
})

test('self-service kiosk: no sign-in, no hints, and keys do nothing', async ({ kiosk }) => {
  await expect(kiosk.getByTestId('attract-screen')).toBeVisible()
  const hint = await kiosk.getByTestId('touch-to-start').evaluate((button) => getComputedStyle(button, '::after').content)
  expect(hint).toBe('none')
  await kiosk.keyboard.press('Enter')
  await expect(kiosk.getByTestId('attract-screen')).toBeVisible()
  await expect(kiosk.getByTestId('counter-sign-in-screen')).toHaveCount(0)
})
