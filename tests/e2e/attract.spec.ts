import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './fixtures'

const packageVersion = (
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }
).version

const languages = [
  { code: 'en-SG', touch: 'Touch to start', backend: 'Training backend', version: `Version ${packageVersion}` },
  { code: 'zh-CN', touch: '轻触屏幕开始', backend: '培训后台', version: `版本 ${packageVersion}` },
  { code: 'zh-HK', touch: '輕觸螢幕開始', backend: '培訓後台', version: `版本 ${packageVersion}` },
  { code: 'ms-MY', touch: 'Sentuh untuk mula', backend: 'Sistem latihan', version: `Versi ${packageVersion}` },
] as const

test.describe('attract screen', () => {
  test('loads with the system.info round trip shown, and switches language', async ({ kiosk }, testInfo) => {
    const problems: string[] = []
    kiosk.on('console', (message) => {
      // Failed loads are reported with their address by the response listener below.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        problems.push(message.text())
      }
    })
    kiosk.on('pageerror', (error) => problems.push(error.message))
    kiosk.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`)
    })

    await expect(kiosk.getByRole('heading', { level: 1 })).toHaveText('Foyer')
    await expect(kiosk.getByTestId('training-band')).toBeVisible()
    // The version comes from package.json via main: proof the call crossed the contract.
    await expect(kiosk.getByTestId('system-version')).toHaveText(`Version ${packageVersion}`)
    await expect(kiosk.getByTestId('system-mode')).toHaveText('Self-service kiosk')

    for (const language of languages) {
      await kiosk.getByTestId(`language-${language.code}`).click()
      await expect(kiosk.getByTestId('touch-to-start')).toHaveText(language.touch)
      await expect(kiosk.getByTestId('system-backend')).toHaveText(language.backend)
      await expect(kiosk.getByTestId('system-version')).toHaveText(language.version)
      await expect(kiosk.locator('html')).toHaveAttribute('lang', language.code)
      await expect(kiosk.getByTestId(`language-${language.code}`)).toHaveAttribute('aria-pressed', 'true')
      await kiosk.screenshot({ path: testInfo.outputPath(`attract-${language.code}.png`) })
    }
    // No CSP violation, no failed request, no uncaught error while doing all that.
    expect(problems).toEqual([])
  })

  test('touch targets are at least 48 px', async ({ kiosk }) => {
    await expect(kiosk.getByTestId('touch-to-start')).toBeVisible()
    const sizes = await kiosk
      .locator('button')
      .evaluateAll((buttons) => buttons.map((b) => [b.getBoundingClientRect().width, b.getBoundingClientRect().height]))
    expect(sizes.length).toBeGreaterThanOrEqual(5)
    for (const [width, height] of sizes) {
      expect(width).toBeGreaterThanOrEqual(48)
      expect(height).toBeGreaterThanOrEqual(48)
    }
  })
})

test.describe('browser host guard', () => {
  test('a page opened without the run token gets a typed error, shown in words', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByTestId('error-notice')).toContainText('This screen is not connected to Foyer')
    await expect(page.getByTestId('system-version')).toHaveCount(0)
  })
})

test('the attract loop shows the events on sale, one after another, in the chosen language', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'chromium', 'The clock is driven through the browser host.')
  await page.clock.install()
  await page.goto(`/#token=${process.env.FOYER_HOST_TOKEN}`)
  const showcase = page.getByTestId('attract-showcase')
  await expect(showcase.locator('img')).toHaveAttribute('src', /^data:image\//)
  const first = await showcase.getAttribute('data-event')
  const firstTitle = await page.getByTestId('attract-showcase-title').textContent()
  expect(firstTitle?.trim()).not.toBe('')
  await page.clock.runFor(6_500)
  await expect(showcase).not.toHaveAttribute('data-event', first!)
  // The titles follow the customer's language.
  await page.getByTestId('language-zh-CN').click()
  await expect(page.getByTestId('attract-showcase-title')).toHaveText(/[\u4e00-\u9fff]/)
  await page.screenshot({ path: testInfo.outputPath('attract-showcase.png') })
})

test('the attract loop never moves the buttons under a customer’s finger: not as it loads, not as slides change', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'chromium', 'The clock is driven through the browser host.')
  await page.clock.install()
  await page.goto(`/#token=${process.env.FOYER_HOST_TOKEN}`)
  const buttons = [page.getByTestId('touch-to-start'), page.getByTestId('language-ms-MY')]
  await expect(buttons[1]!).toBeVisible()
  // Where the buttons are the moment they can be pressed, before the loop's events and pictures arrive.
  const boxes = async () => Promise.all(buttons.map(async (b) => JSON.stringify(await b.boundingBox())))
  const atFirst = await boxes()
  const showcase = page.getByTestId('attract-showcase')
  await expect(showcase.locator('img')).toHaveAttribute('src', /^data:image\//)
  expect(await boxes(), 'after the first slide arrived').toEqual(atFirst)
  // Through two slide changes, midway through each fade and after it: a title of one line or of two.
  for (let slide = 0; slide < 2; slide++) {
    const shown = await showcase.getAttribute('data-event')
    await page.clock.runFor(6_000)
    await expect(showcase).not.toHaveAttribute('data-event', shown!)
    await page.clock.runFor(300)
    expect(await boxes(), `midway through slide change ${slide + 1}`).toEqual(atFirst)
    await page.clock.runFor(1_000)
    await expect(showcase.locator('img')).toHaveCount(1)
    expect(await boxes(), `after slide change ${slide + 1}`).toEqual(atFirst)
  }
})
