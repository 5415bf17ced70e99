import { startIppEvePrinter, type TestIppPrinter } from '../support/ippeveprinter'
import { expect, test } from './fixtures'
import { startHostProcess, type HostProcess } from './host-process'

/**
 * A portrait self-service kiosk (1080×1920) whose ticket printer is a real
 * IPP printer (CUPS's ippeveprinter on loopback), chosen for the browser host
 * with FOYER_PRINTER as staff would choose it on the staff screen (#24). Out
 * of paper, the attract screen says the kiosk cannot print and nobody can
 * start; paper loaded, it comes back by itself (main asks the printer while
 * idle and pushes the change). That no card is taken meanwhile is held in
 * main too: tests/unit/checkout/printer-readiness.process.test.ts.
 */
test.use({ viewport: { width: 1080, height: 1920 } })

let printer: TestIppPrinter
let host: HostProcess

test.beforeAll(async () => {
  printer = await startIppEvePrinter('FoyerKiosk')
  const { host: authority, pathname } = new URL(printer.uri.replace(/^ipp:/, 'http:'))
  host = await startHostProcess({ FOYER_PRINTER: `ipp://${authority}${pathname}` })
})
test.afterAll(async () => {
  await host?.stop()
  await printer?.stop()
})

test('out of paper: the kiosk says it cannot print and nobody can start; paper loaded: it comes back by itself', async ({ page }) => {
  await printer.setPaper(0)
  await page.goto(host.entry)
  const notice = page.getByTestId('printer-out-of-service')
  const start = page.getByTestId('touch-to-start')
  await expect(notice).toContainText('This kiosk cannot print tickets right now — please use the box office')
  await expect(start).toBeDisabled()
  await start.click({ force: true })
  await expect(page.getByTestId('attract-screen')).toBeVisible()
  await expect(page.getByTestId('events-screen')).toHaveCount(0)
  // In the customer's language too.
  await page.getByTestId('language-zh-HK').click()
  await expect(notice).toContainText('本自助機暫時未能列印門票')

  await printer.setPaper(250)
  // Main asks the printer every 10 s while idle: generous, for a machine three times slower.
  await expect(notice).toHaveCount(0, { timeout: 60_000 })
  await expect(start).toBeEnabled()
  await start.click()
  await expect(page.getByTestId('events-screen')).toBeVisible()
})
