import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { chooseLanguage, kioskLocales, screens, startOwnHost, type KioskScreen, type OwnHost } from './screens'

/**
 * axe-core on every screen, in every language, against the sandbox: no
 * violation of WCAG 2.0/2.1 A and AA that axe rates serious or critical.
 * Once more with the customer's high-contrast and large-text choices on.
 * Screens come from ./screens.ts: a new screen listed there is checked here.
 */

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze()
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

async function check(page: Page, screen: KioskScreen, label: string): Promise<void> {
  await screen.reach(page)
  const violations = await seriousViolations(page)
  // Compared as text, so a failure prints each rule and element readably.
  expect(describe(violations), `${label}: serious or critical axe violations`).toBe('')
}

let ownHost: OwnHost | null = null
test.afterAll(async () => {
  await ownHost?.close()
  ownHost = null
})

/** A freshly loaded kiosk on the attract screen: the shared host, or the spec's own for screens that need it. */
async function open(page: Page, screen: KioskScreen): Promise<void> {
  if (screen.ownHost) ownHost ??= await startOwnHost()
  await page.goto('about:blank')
  await page.goto(screen.ownHost ? ownHost!.url : `/#token=${process.env.FOYER_HOST_TOKEN}`)
  await expect(page.getByTestId('attract-screen')).toBeVisible()
}

for (const screen of screens) {
  for (const locale of kioskLocales) {
    test(`${screen.name} in ${locale}: no serious or critical axe violation`, async ({ kiosk }) => {
      if (screen.ownHost) await open(kiosk, screen)
      await chooseLanguage(kiosk, locale)
      await check(kiosk, screen, `${screen.name} (${locale})`)
    })
  }
}

for (const screen of screens) {
  test(`${screen.name} with high contrast and large text on: no serious or critical axe violation`, async ({ kiosk }) => {
    await open(kiosk, screen)
    await kiosk.getByTestId('toggle-contrast').click()
    await kiosk.getByTestId('toggle-large-text').click()
    await expect(kiosk.locator('html')).toHaveClass(/high-contrast/)
    await expect(kiosk.locator('html')).toHaveClass(/large-text/)
    await check(kiosk, screen, `${screen.name} (high contrast, large text)`)
  })
}
