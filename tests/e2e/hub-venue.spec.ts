import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { keychainExpected } from '../support/keychain'
import { cashSaleInNewShift, dollars } from './counter-basket'
import { ipc, signInAs } from './fixtures'
import { addDevice, connectThroughStaffSettings, kioskCardSale, setUpFirstManager, startVenue, VENUE_SUPERVISOR, type HubProcess, type VenueDevice, type VenueHost } from './hub-venue'

/**
 * Issue #25's venue: one Foyer Hub (its own process, PGlite) and three Foyer browser hosts enrolled
 * with it through Foyer's own Staff settings, each with a one-time code the manager added on the
 * dashboard: two kiosks and a counter. Each sells through its real renderer, against its own training
 * sandbox; the hub hears them by their real heartbeats (every 15 s, as in production) and uploads.
 */
const manager = { name: 'Mei Tan', password: 'correct horse battery' }
const devices: VenueDevice[] = [
  { name: 'Kiosk 1', place: 'Lobby kiosk 1', mode: 'self-service' },
  { name: 'Kiosk 2', place: 'Lobby kiosk 2', mode: 'self-service' },
  { name: 'Counter 1', place: 'Box office window 1', mode: 'counter' },
]

// The hub's device token is kept in the OS keychain, as every secret: without one Foyer cannot connect.
test.skip(!keychainExpected(), 'needs an OS keychain for the hub device token: run under scripts/with-keyring.sh')

let hub: HubProcess
let hosts: VenueHost[]
const contexts: BrowserContext[] = []

test.beforeAll(async () => {
  // Four processes (and three training sandboxes) starting at once on a busy machine.
  test.setTimeout(120_000)
  ;({ hub, hosts } = await startVenue(devices))
})
test.afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()))
  await Promise.all([hub?.stop(), ...(hosts ?? []).map((host) => host.stop())])
})

async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext(options)
  contexts.push(context)
  return context.newPage()
}

const tile = (dashboard: Page, name: string) => dashboard.getByRole('article', { name })

test('a hub and three Foyer hosts (two kiosks, a counter): all live, today equal to the journals to the cent, a terminal unplugged needs attention within 45 s, a revoked kiosk goes out of service', async ({ browser, request }) => {
  // Three sales, then up to two heartbeats' waits (15 s each) on a machine that may be three times slower.
  test.setTimeout(300_000)
  const [kiosk1, kiosk2, counter] = hosts as [VenueHost, VenueHost, VenueHost]
  // The hub's own certificate, accepted by the manager's browser once (README, "Foyer Hub"); Foyer pins it instead.
  const dashboard = await newPage(browser, { ignoreHTTPSErrors: true })
  const pages = await Promise.all(hosts.map(() => newPage(browser)))

  await test.step('the manager adds each device on the dashboard; staff connect each through Staff settings', async () => {
    await setUpFirstManager(dashboard, hub, manager)
    const given = []
    for (const host of hosts) given.push(await addDevice(dashboard, host.device))
    // Kiosk 1 takes the QR's text pasted into the address; the others the address, code and fingerprint typed.
    await connectThroughStaffSettings(pages[0]!, kiosk1, hub, { enrolmentUri: given[0]!.enrolmentUri })
    await connectThroughStaffSettings(pages[1]!, kiosk2, hub, { code: given[1]!.code })
    await connectThroughStaffSettings(pages[2]!, counter, hub, { code: given[2]!.code })
    for (const host of hosts) {
      await expect(tile(dashboard, host.device.name).getByTestId('device-state')).toContainText('Online')
      await expect(tile(dashboard, host.device.name).getByTestId('training-mark')).toBeVisible()
    }
  })

  await test.step('a sale on each: a card sale at each kiosk, cash at the counter', async () => {
    await kioskCardSale(pages[0]!, 'Hamlet', /Hamlet in the Straits/)
    await kioskCardSale(pages[1]!, 'Kannagi', /Kannagi/)
    await signInAs(pages[2]!, VENUE_SUPERVISOR.name, VENUE_SUPERVISOR.pin)
    await cashSaleInNewShift(pages[2]!)
  })

  await test.step("today's totals on the dashboard equal the three journals, to the cent", async () => {
    const journals = hosts.map((host) => host.journalSoldCents())
    for (const cents of journals) expect(cents).toBeGreaterThan(0)
    const sum = journals.reduce((a, b) => a + b, 0)
    // Each device's uploads arrive with its next heartbeat (within 15 s).
    for (const host of hosts) await expect(tile(dashboard, host.device.name).getByTestId('sales-today')).toHaveText('1', { timeout: 40_000 })
    await dashboard.getByTestId('nav-today').click()
    // Training devices: their sales are counted apart, never with real ones; every cent of the three is there.
    const trainingLine = dashboard.getByTestId('training-apart')
    await expect(trainingLine).toContainText('3 today')
    expect(dollars(/S\$[\d,]+\.\d{2}/.exec((await trainingLine.textContent())!)![0])).toBe(sum)
    await expect(dashboard.getByTestId('total-amount')).toHaveText('S$0.00')
    await dashboard.getByTestId('nav-devices').click()
  })

  await test.step("kiosk 2's card terminal unplugged in the training simulator: needs attention, with why, within 45 s", async () => {
    await kiosk2.terminal.plug(false)
    const state = tile(dashboard, 'Kiosk 2').getByTestId('device-state')
    await expect(state).toContainText('Needs attention', { timeout: 45_000 })
    await expect(state).toContainText(/card terminal not answering since/)
    await expect(tile(dashboard, 'Kiosk 1').getByTestId('device-state')).toContainText('Online')
  })

  await test.step('kiosk 1 revoked on the dashboard goes out of service at its next heartbeat, and main sells nothing there', async () => {
    const kiosk1Tile = tile(dashboard, 'Kiosk 1')
    await kiosk1Tile.getByTestId('revoke').click()
    await kiosk1Tile.getByTestId('revoke-confirm').click()
    await expect(kiosk1Tile.getByTestId('device-state')).toContainText('Revoked')
    await expect(pages[0]!.getByTestId('hub-out-of-service')).toBeVisible({ timeout: 40_000 })
    const anyOffer = { productId: 10001, priceCategoryId: 500001, sectionId: 1, mode: 'BA', quantity: 1 }
    await expect(ipc(request, 'offers.request', anyOffer, kiosk1.url)).rejects.toThrow('hub.out-of-service')
    // The others sell on.
    await expect(pages[1]!.getByTestId('hub-out-of-service')).toHaveCount(0)
  })
})
