import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'
import { countOf } from '../support/cash-count'
import { E2E_ENROLMENT_CODE, startHostProcess, type HostProcess } from './host-process'

/**
 * Gives back every seat the host's main holds and, at a counter, closes a
 * shift left open, so a test never sees another's holds, countdown or drawer.
 */
async function cleanSlate(url: string, options: { closeShift: boolean }): Promise<void> {
  const call = async (channel: string, body: unknown = {}) => {
    const answer = await fetch(new URL(`ipc/${channel}`, url), {
      method: 'POST',
      headers: { authorization: `Bearer ${process.env.FOYER_HOST_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return (await answer.json()) as { ok: boolean; value: unknown }
  }
  await call('holds.releaseAll')
  if (!options.closeShift) return
  // Main keeps the counter's sign-in and closes a drawer only for a cashier: sign in to close a shift
  // an earlier test left open, then out (before the PIN is set, no shift can have been opened).
  await call('counter.signIn', { name: COUNTER_SUPERVISOR, pin: COUNTER_PIN })
  const shift = (await call('shift.current')) as { ok: boolean; value: { expectedCashCents: number } | null }
  if (shift.ok && shift.value) await call('shift.close', { count: countOf(shift.value.expectedCashCents) })
  await call('counter.signOut')
}

export const test = base.extend<
  { kiosk: Page; printSpool: string; counterHostUrl: string; counterPrintSpool: string; counterCustomerDisplay: string; hostCleaned: void },
  { workerHost: HostProcess; counterHost: HostProcess }
>({
  // A browser host of this worker's own, with its own sandbox (in memory): the tests of one worker
  // run one after another, so the seats held at its sandbox are exactly those of the running test.
  workerHost: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const host = await startHostProcess()
      await use(host)
      await host.stop()
    },
    { scope: 'worker', timeout: 60_000 },
  ],

  /** A counter-mode host of this worker's own (started only for specs that ask for it). */
  counterHost: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const host = await startHostProcess({ FOYER_MODE: 'counter' })
      await use(host)
      await host.stop()
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  counterHostUrl: async ({ counterHost }, use) => {
    await cleanSlate(counterHost.url, { closeShift: true })
    await use(counterHost.url)
  },
  counterPrintSpool: async ({ counterHost }, use) => use(counterHost.spoolDir),
  /** The counter host's customer display page: its address with the page's own token (issue #34). */
  counterCustomerDisplay: async ({ counterHost }, use) => use(counterHost.customerEntry!),
  printSpool: async ({ workerHost }, use) => use(workerHost.spoolDir),

  // Each test starts from a clean host: nothing an earlier test of this worker held is still held.
  hostCleaned: [
    async ({ workerHost }, use) => {
      await cleanSlate(workerHost.url, { closeShift: false })
      await use()
    },
    { auto: true },
  ],

  // Pages and requests of a test go to its worker's own host.
  baseURL: async ({ workerHost }, use) => use(workerHost.url),

  /** The kiosk page, in Chromium through this worker's browser host, on the attract screen. (The Electron app has its own specs: tests/electron.) */
  kiosk: async ({ page }, use) => {
    await page.goto(`/#token=${process.env.FOYER_HOST_TOKEN}`)
    await use(page)
  },
})

export { expect, type Page }
export { E2E_ENROLMENT_CODE }

/** One contract call to the worker host's main (or the host at `url`, e.g. the counter host), as the renderer's web bridge makes it. */
export async function ipc<T>(request: APIRequestContext, channel: string, data: unknown = {}, url = ''): Promise<T> {
  const answer = await request.post(`${url}ipc/${channel}`, { headers: { authorization: `Bearer ${process.env.FOYER_HOST_TOKEN}` }, data })
  const reply = (await answer.json()) as { ok: boolean; value: T; error?: { code: string } }
  if (!reply.ok) throw new Error(`${channel}: ${reply.error?.code}`)
  return reply.value
}

/**
 * What the sandbox offers the next customer for `quantity` seats of a section
 * (Best Available), given straight back: proof at the vendor of which seats are
 * free. Answers the best set's inventory ids.
 */
export async function nextCustomersBestSeats(request: APIRequestContext, productId: number, sectionAlias: string, quantity: number): Promise<number[]> {
  const overview = await ipc<{ sections: { sectionId: number; priceCategoryId: number; sectionAlias: string }[] }>(request, 'seatmap.overview', { productId })
  const section = overview.sections.find((s) => s.sectionAlias === sectionAlias)!
  const offered = await ipc<{ offer: { sets: { inventoryId: number }[][] } }>(request, 'offers.request', {
    productId,
    priceCategoryId: section.priceCategoryId,
    sectionId: section.sectionId,
    mode: 'BA',
    quantity,
  })
  const ids = offered.offer.sets.flat().map((s) => s.inventoryId)
  await ipc(request, 'offers.release', { productId, inventoryIds: ids })
  return offered.offer.sets[0]!.map((s) => s.inventoryId)
}

/** main's own count of the kiosk's seat holds, through the browser host's contract endpoint. */
export async function holdCount(request: APIRequestContext): Promise<number> {
  const answer = await request.post('ipc/holds.status', { headers: { authorization: `Bearer ${process.env.FOYER_HOST_TOKEN}` }, data: {} })
  return ((await answer.json()) as { value: { count: number } }).value.count
}

/** The first supervisor the counter specs give their counter hosts (enrolled with the host's code), and their PIN. */
export const COUNTER_SUPERVISOR = 'Supervisor'
export const COUNTER_PIN = '258046'

/**
 * The counter host's first supervisor, whatever ran before: enrolled with the host's code the first
 * time, later their PIN "changed" to itself (which needs it, and so also proves it is ours).
 */
export async function ensureSupervisor(request: APIRequestContext, url = ''): Promise<void> {
  const auth = { authorization: `Bearer ${process.env.FOYER_HOST_TOKEN}` }
  const answer = await request.post(`${url}ipc/staff.setPin`, {
    headers: auth,
    data: { name: COUNTER_SUPERVISOR, currentPin: COUNTER_PIN, newPin: COUNTER_PIN, enrolmentCode: E2E_ENROLMENT_CODE },
  })
  const reply = (await answer.json()) as { ok: boolean; error?: { code: string } }
  if (!reply.ok) throw new Error(`staff.setPin: ${reply.error?.code}`)
}

/** Signs in at the counter's sign-in screen as `name` with `pin`, by keyboard. */
export async function signInAs(page: Page, name: string, pin: string): Promise<void> {
  await page.getByTestId('counter-name').fill(name)
  await page.getByTestId('counter-pin').fill(pin)
  await page.keyboard.press('Enter')
}

/**
 * A counter-mode host's sign-in, opened with its first supervisor enrolled (ensureSupervisor)
 * first; with `signIn`, the supervisor is signed in and on the events.
 */
export async function openCounter(page: Page, request: APIRequestContext, url: string, signIn: boolean): Promise<void> {
  await ensureSupervisor(request, url)
  await page.goto(`${url}#token=${process.env.FOYER_HOST_TOKEN}`)
  await expect(page.getByTestId('counter-sign-in-screen')).toBeVisible()
  if (!signIn) return
  await signInAs(page, COUNTER_SUPERVISOR, COUNTER_PIN)
  await expect(page.getByTestId('events-screen')).toBeVisible()
}
