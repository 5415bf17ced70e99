import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, openCounter, test, type Page } from './fixtures'
import { chooseLanguage, screens, startOwnHost, type KioskLocale, type KioskScreen, type OwnHost } from './screens'
import { countDrawer } from './cash-drawer'

/**
 * A picture of every screen, in both modes, for review and the issue notes:
 * `npm run screenshots` writes them to
 * test-results/screenshots/<mode>/<screen>-<language>.png. Nothing compares
 * them, so they are not part of `npm test` (playwright.config.ts). Each screen is
 * reached the way a customer or staff member would, and must be settled
 * (its data shown) before the picture is taken.
 */

const folder = process.env.FOYER_SCREENSHOT_DIR ?? join(import.meta.dirname, '..', '..', 'test-results', 'screenshots')

async function picture(page: Page, mode: string, name: string, locale: KioskLocale): Promise<void> {
  mkdirSync(join(folder, mode), { recursive: true })
  // Let transitions and the seat map's last frame settle.
  await page.waitForTimeout(250)
  await page.screenshot({ path: join(folder, mode, `${name}-${locale}.png`), fullPage: true })
}

let ownHost: OwnHost | null = null
test.afterAll(async () => {
  await ownHost?.close()
  ownHost = null
})

const selfService: [KioskScreen, KioskLocale][] = screens.flatMap((screen) => (['en-SG', 'zh-CN'] as const).map((locale) => [screen, locale] as [KioskScreen, KioskLocale]))

for (const [screen, locale] of selfService) {
  test(`self-service: ${screen.name} (${locale})`, async ({ kiosk }) => {
    if (screen.ownHost) {
      ownHost ??= await startOwnHost()
      await kiosk.goto('about:blank')
      await kiosk.goto(ownHost.url)
    }
    await chooseLanguage(kiosk, locale)
    await screen.reach(kiosk)
    await picture(kiosk, 'self-service', screen.name, locale)
  })
}

/** The sale screens a counter shares with the kiosk, reached after sign-in. */
const counterScreens = screens.filter((s) => !['attract', 'staff-pin', 'admin-settings'].includes(s.name))

test('counter: sign-in (en-SG)', async ({ page, request, counterHostUrl }) => {
  await openCounter(page, request, counterHostUrl, false)
  await picture(page, 'counter', 'sign-in', 'en-SG')
})

for (const screen of counterScreens) {
  test(`counter: ${screen.name} (en-SG)`, async ({ page, request, counterHostUrl }) => {
    await openCounter(page, request, counterHostUrl, true)
    await screen.reach(page)
    await picture(page, 'counter', screen.name, 'en-SG')
  })
}

test('counter: shift, cash payment and Z report (en-SG)', async ({ page, request, counterHostUrl }) => {
  await openCounter(page, request, counterHostUrl, true)
  await page.getByTestId('counter-shift').click()
  await expect(page.getByTestId('shift-open-form')).toBeVisible()
  await picture(page, 'counter', 'shift-open', 'en-SG')
  await page.getByTestId('shift-open').click()
  await expect(page.getByTestId('shift-report-X')).toBeVisible()
  await picture(page, 'counter', 'shift-x-report', 'en-SG')
  await countDrawer(page, 20_000)
  await page.getByTestId('shift-close').click()
  await expect(page.getByTestId('shift-report-Z')).toBeVisible()
  await picture(page, 'counter', 'shift-z-report', 'en-SG')
})
