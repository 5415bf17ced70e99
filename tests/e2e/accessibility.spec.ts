import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { chooseLanguage, kioskLocales, kioskTour, screens, startOwnHost, type OwnHost } from './screens'

/**
 * axe-core on every screen, in every language, against the sandbox: no
 * violation of WCAG 2.0/2.1 A and AA that axe rates serious or critical.
 * Once more with the customer's high-contrast and large-text choices on.
 * One tour a language walks the screens once (./screens.ts, kioskTour), each
 * step going on from the last, and runs axe at each; the test fails if the
 * tour misses a screen listed in `screens`, so a new screen is checked here.
 * Malay's tour has the high-contrast and large-text choices on: its words are
 * the longest, so large text wraps most there, and the contrast choice is the
 * same colours in every language (a tour of its own walked the screens a fifth
 * time for what this one sees).
 */

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

async function seriousViolations(page: Page) {
  // Violations only: axe then skips writing up every rule that passed, a good part of its time a screen.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(tags).analyze()
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

/** One line per failing element, so the failure says what to fix and where. */
function describe(violations: Awaited<ReturnType<typeof seriousViolations>>): string {
  return violations
    .map((v) =>
      [
        `${v.id} (${v.impact}): ${v.help} — ${v.helpUrl}`,
        ...v.nodes.map((n) => `    at ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`),
      ].join('\n'),
    )
    .join('\n')
}

/** axe at the tour's current screen, a soft check: the tour goes on, so one run reports every screen that fails. */
async function check(page: Page, label: string): Promise<void> {
  const violations = await seriousViolations(page)
  // Compared as text, so a failure prints each rule and element readably.
  expect.soft(describe(violations), `${label}: serious or critical axe violations`).toBe('')
}

let ownHost: OwnHost | null = null
test.afterAll(async () => {
  await ownHost?.close()
  ownHost = null
})

/** The spec's own host's attract screen, for screens that change what the shared host keeps (e.g. its staff PIN). */
async function openOwnHost(page: Page): Promise<void> {
  ownHost ??= await startOwnHost()
  await page.goto('about:blank')
  await page.goto(ownHost.url)
  await expect(page.getByTestId('attract-screen')).toBeVisible()
}

/** Walks the tour from the kiosk's attract screen, checking each screen once; `variant` names the run in failures. */
async function walk(page: Page, variant: string, atAttract: (page: Page) => Promise<void>): Promise<void> {
  const tour = kioskTour(atAttract, openOwnHost)
  // Every screen the screen list names is on the tour, once.
  expect(tour.map((s) => s.name).sort()).toEqual(screens.map((s) => s.name).sort())
  for (const step of tour) {
    await test.step(step.name, async () => {
      await step.next(page)
      await check(page, `${step.name} (${variant})`)
    })
  }
}

// Fifteen screens, each with a full axe run: minutes on a busy two-core machine.
const TOUR_TIMEOUT = 300_000
// The tours are the longest tests of the run: spread over the workers, not queued on one.
test.describe.configure({ mode: 'parallel' })

/** Turns the display choices on where they are off (start over puts them back), and checks they are on. */
async function highContrastLargeText(page: Page): Promise<void> {
  const html = page.locator('html')
  if (!/\bhigh-contrast\b/.test((await html.getAttribute('class')) ?? '')) await page.getByTestId('toggle-contrast').click()
  if (!/\blarge-text\b/.test((await html.getAttribute('class')) ?? '')) await page.getByTestId('toggle-large-text').click()
  await expect(html).toHaveClass(/high-contrast/)
  await expect(html).toHaveClass(/large-text/)
}

/** A tour's language, and for Malay the display choices on too (see the header). */
const tours = kioskLocales.map((locale) => ({ locale, displayChoices: locale === 'ms-MY' }))

for (const { locale, displayChoices } of tours) {
  const variant = displayChoices ? `${locale}, high contrast and large text` : locale
  test(`every screen in ${variant}: no serious or critical axe violation`, async ({ kiosk }) => {
    test.setTimeout(TOUR_TIMEOUT)
    // Start over puts the language (and the display choices) back for the next customer: chosen again
    // whenever the tour is back at the attract screen.
    await walk(kiosk, variant, async (page) => {
      await chooseLanguage(page, locale)
      if (displayChoices) await highContrastLargeText(page)
    })
  })
}
