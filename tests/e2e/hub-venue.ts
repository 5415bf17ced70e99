import { expect, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { seedHubData } from '../support/hub-data-template'
import type { terminalControls } from '../support/terminal-controls'
import { E2E_ENROLMENT_CODE, startHostProcess, type HostProcess } from './host-process'
import { twoSeatsToDelivery } from './counter-basket'
import { setUpStaging, startStagingVendor, type StagingTerminal, type StagingVendor } from './staging-vendor'

/**
 * A box office for E2E: one Foyer Hub in a process of its own (`npm run hub`'s cli, on PGlite in a
 * fresh data folder), the venue's staging vendor (staging-vendor.ts: one sandbox process on https, a
 * simulated card terminal per kiosk) and N Foyer browser hosts, each with its own data folder (its
 * journal, foyer.db, readable by the test). Devices are set up as a venue does it: the manager adds
 * each on the dashboard, and staff type the one-time code into Foyer's own Staff settings → "Connect
 * to the box office hub", then the staging vendor's addresses, secret and the device's terminal, and
 * choose staging. The hub's device token, the client secret and the terminal's passphrase then live in
 * the OS keychain (scripts/with-keyring.sh on CI).
 */

const repoRoot = join(import.meta.dirname, '..', '..')

export interface HubProcess {
  url: string
  fingerprint: string
  /** Printed at the hub's first start, while no manager exists. */
  firstManagerCode: string
  /** Stops the hub; its data folder is removed unless `keepData` (to start it again: startAgain). */
  stop(options?: { keepData?: boolean }): Promise<void>
  /** Starts a hub stopped with its data kept, on the same port and data folder: the same address, certificate, devices and staff. */
  startAgain(): Promise<void>
}

interface HubRun {
  said: Record<string, string>
  stop(): Promise<void>
}

/** The hub's cli in a process of its own on `port` (0: a free one); ready once it printed everything in `awaited`. */
async function runHub(dataDir: string, port: number, awaited: Record<string, RegExp>): Promise<HubRun> {
  const child = spawn(process.execPath, ['bin/foyer-hub.mjs', 'serve', '--data', dataDir, '--port', String(port), '--host', '127.0.0.1', '--dashboard', 'out/hub-dashboard'], {
    cwd: repoRoot,
    env: { ...process.env, FOYER_HUB_DATABASE_URL: '', FOYER_HUB_METRICS: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = once(child, 'exit').then(() => {})
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const said: Record<string, string> = {}
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      for (const [key, pattern] of Object.entries(awaited)) {
        const found = pattern.exec(line)
        if (found) said[key] = found[1]!
      }
      if (Object.keys(awaited).every((key) => key in said)) resolve()
    })
    child.once('exit', (code) => reject(new Error(`the hub stopped (exit ${code}) before it was ready:\n${stderr}`)))
  })
  return {
    said,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

const address = { url: /^Foyer Hub at (https:\/\/\S+) /, fingerprint: /^Certificate fingerprint \(SHA-256\): (\S+)/ }

/** Starts `npm run hub`'s cli on a free loopback port, in a fresh data folder removed at stop (unless kept). */
export async function startHubProcess(): Promise<HubProcess> {
  // A migrated database to start from (tests/support/hub-data-template.ts): the specs are not about the hub's first start.
  const dataDir = seedHubData(mkdtempSync(join(tmpdir(), 'foyer-e2e-hub-')))
  let run: HubRun | null = await runHub(dataDir, 0, { ...address, firstManagerCode: /^First manager's one-time enrolment code: (\S+)/ })
  const { url, fingerprint, firstManagerCode } = run.said as Record<'url' | 'fingerprint' | 'firstManagerCode', string>
  return {
    url,
    fingerprint,
    firstManagerCode,
    stop: async ({ keepData = false } = {}) => {
      await run?.stop()
      run = null
      if (!keepData) rmSync(dataDir, { recursive: true, force: true })
    },
    startAgain: async () => {
      if (run) throw new Error('the hub is running')
      // A manager exists by now: no first manager's code is printed.
      run = await runHub(dataDir, Number(new URL(url).port), address)
      if (run.said.url !== url || run.said.fingerprint !== fingerprint) throw new Error(`the hub came back as ${run.said.url} (${run.said.fingerprint}), not ${url} (${fingerprint})`)
    },
  }
}

/** A device of the venue: as the manager names it on the dashboard, and the mode its Foyer runs in. */
export interface VenueDevice {
  name: string
  place: string
  mode: 'self-service' | 'counter'
}

/** The first supervisor every venue host's staff set up (with the host's enrolment code), and their PIN. */
export const VENUE_SUPERVISOR = { name: 'Siti Rahman', pin: '372819' }

export interface VenueHost extends HostProcess {
  device: VenueDevice
  /** The host's data folder: its journal is foyer.db there. */
  dataDir: string
  /** A kiosk's card terminal at the staging vendor, and its simulator's controls; a counter has none (cash). */
  terminal: (StagingTerminal & { controls: ReturnType<typeof terminalControls> }) | null
  /** What the journal holds as sold (confirmed by the vendor), in cents: read from foyer.db. */
  journalSoldCents(): number
}

function soldCents(dataDir: string): number {
  const db = new Database(join(dataDir, 'foyer.db'), { readonly: true, fileMustExist: true })
  try {
    return (db.prepare("SELECT COALESCE(SUM(amount_cents), 0) AS cents FROM sales WHERE state = 'confirmed'").get() as { cents: number }).cents
  } finally {
    db.close()
  }
}

/**
 * A browser host for one venue device, on disk in a fresh folder (removed at stop), trusting the
 * staging vendor's root as a venue trusts a private CA's; a kiosk is given its own terminal there.
 */
export async function startVenueHost(device: VenueDevice, vendor: StagingVendor, terminal: StagingTerminal | null): Promise<VenueHost> {
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-e2e-venue-'))
  const host = await startHostProcess({ FOYER_DATA_DIR: dataDir, FOYER_MODE: device.mode, NODE_EXTRA_CA_CERTS: vendor.rootFile })
  return {
    ...host,
    device,
    dataDir,
    terminal: terminal && { ...terminal, controls: vendor.controls(terminal) },
    journalSoldCents: () => soldCents(dataDir),
    stop: async () => {
      await host.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The hub, the staging vendor (a terminal per kiosk) and every device's host (once the vendor's root
 * is known); if any cannot start, those that did are stopped.
 */
export async function startVenue(devices: VenueDevice[]): Promise<{ hub: HubProcess; vendor: StagingVendor; hosts: VenueHost[] }> {
  const kiosks = devices.filter((device) => device.mode === 'self-service').length
  const hubStarting = startHubProcess()
  const vendorStarting = startStagingVendor(Math.max(kiosks, 1))
  const hostsStarting = vendorStarting.then((vendor) => {
    let kiosk = 0
    return Promise.allSettled(devices.map((device) => startVenueHost(device, vendor, device.mode === 'self-service' ? vendor.terminals[kiosk++]! : null)))
  })
  const first = await Promise.allSettled<Promise<HubProcess | StagingVendor>[]>([hubStarting, vendorStarting])
  const started: PromiseSettledResult<HubProcess | StagingVendor | VenueHost>[] = [...first, ...(await hostsStarting.catch(() => []))]
  const failed = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
  if (failed) {
    await Promise.all(started.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.stop() : undefined)))
    throw failed.reason
  }
  const [hub, vendor, ...hosts] = started.map((outcome) => (outcome as PromiseFulfilledResult<HubProcess | StagingVendor | VenueHost>).value)
  return { hub: hub as HubProcess, vendor: vendor as StagingVendor, hosts: hosts as VenueHost[] }
}

type Field = ReturnType<Page['getByLabel']>

/** Focuses a control and presses Enter, as a keyboard user does. */
export async function press(page: Page, control: ReturnType<Page['getByRole']>): Promise<void> {
  await control.focus()
  await page.keyboard.press('Enter')
}

/** Fills a form's fields in order as a keyboard user does: the first focused, then Tab to each next one. */
export async function typeFields(page: Page, fields: [Field, string][]): Promise<void> {
  for (const [index, [field, value]] of fields.entries()) {
    if (index === 0) await field.focus()
    else await page.keyboard.press('Tab')
    await expect(field).toBeFocused()
    await page.keyboard.type(value)
  }
}

/**
 * The dashboard, opened on a fresh hub: the first manager set up by keyboard with the hub's printed
 * code, on Devices, live. `onForm` looks at the first manager's form before it is filled (axe).
 */
export async function setUpFirstManager(page: Page, hub: HubProcess, manager: { name: string; password: string }, onForm?: () => Promise<void>): Promise<void> {
  await page.goto(hub.url)
  await expect(page.getByRole('heading', { name: 'Set up the first manager' })).toBeFocused()
  await onForm?.()
  await typeFields(page, [
    [page.getByLabel('One-time code'), hub.firstManagerCode],
    [page.getByLabel('Your name'), manager.name],
    [page.getByLabel('Password (at least 12 characters)'), manager.password],
  ])
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeFocused()
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${manager.name}`)
  await expect(page.getByTestId('live-state')).toHaveText('Live')
}

/**
 * Adds a device on the dashboard's Devices page by keyboard; answers its one-time code and the QR's
 * text as the hub gave them. The code is left on screen: `onCode` looks at it (axe, the QR), then Done.
 */
export async function addDevice(page: Page, device: VenueDevice, onCode?: (given: { code: string; enrolmentUri: string }) => Promise<void>): Promise<{ code: string; enrolmentUri: string }> {
  const added = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/devices')
  await typeFields(page, [
    [page.getByLabel('Device name'), device.name],
    [page.getByLabel('Place (for example, Lobby kiosk 3)'), device.place],
  ])
  await page.keyboard.press('Enter')
  const given = (await (await added).json()) as { code: string; enrolmentUri: string }
  await expect(page.getByRole('heading', { name: `Enrolment code for ${device.name}` })).toBeFocused()
  await expect(page.getByTestId('enrolment-code-value')).toHaveText(given.code)
  await onCode?.(given)
  await press(page, page.getByTestId('enrolment-done'))
  return { code: given.code, enrolmentUri: given.enrolmentUri }
}

async function typePin(page: Page, pin: string): Promise<void> {
  for (const digit of pin) await page.getByTestId(`pin-${digit}`).click()
  await page.getByTestId('pin-enter').click()
}

/**
 * On a fresh host's page: staff set up the first supervisor (the host's enrolment code), open Staff
 * settings and connect to the hub with what the dashboard showed: the QR's text pasted into the
 * address, or the address, code and fingerprint typed; then set the device up on the venue's staging
 * vendor (its terminal, at a kiosk) and choose it. Leaves the page on the attract screen (a kiosk) or
 * the sign-in (a counter).
 */
export async function connectThroughStaffSettings(page: Page, host: VenueHost, hub: HubProcess, vendor: StagingVendor, given: { code: string } | { enrolmentUri: string }): Promise<void> {
  await connectToHub(page, host, hub, given)
  await setUpStaging(page, vendor, host.terminal)
  await page.getByTestId('admin-leave').click()
  await expect(page.getByTestId(host.device.mode === 'counter' ? 'counter-sign-in-screen' : 'attract-screen')).toBeVisible()
}

/** On a fresh host's page: the first supervisor set up, and the device connected to the hub in Staff settings (left open there). */
export async function connectToHub(page: Page, host: Pick<VenueHost, 'entry' | 'device'>, hub: HubProcess, given: { code: string } | { enrolmentUri: string }): Promise<void> {
  await page.goto(host.entry)
  const counter = host.device.mode === 'counter'
  await page.getByTestId(counter ? 'counter-staff-settings' : 'staff-entry').click()
  await page.getByTestId('enrolment-code').fill(E2E_ENROLMENT_CODE)
  await page.getByTestId('enrolment-name').fill(VENUE_SUPERVISOR.name)
  await page.getByTestId('enrolment-next').click()
  await typePin(page, VENUE_SUPERVISOR.pin)
  await typePin(page, VENUE_SUPERVISOR.pin)
  await expect(page.getByTestId('admin-screen')).toBeVisible()
  if ('enrolmentUri' in given) {
    await page.getByTestId('hub-address').fill(given.enrolmentUri)
  } else {
    await page.getByTestId('hub-address').fill(hub.url)
    await page.getByTestId('hub-code').fill(given.code)
    await page.getByTestId('hub-fingerprint').fill(hub.fingerprint)
  }
  await page.getByTestId('hub-connect').click()
  // Enrolment proves the code both ways over the pinned certificate (Argon2 at the hub): give it time on a busy machine.
  await expect(page.getByTestId('hub-connected')).toContainText(host.device.place, { timeout: 30_000 })
}

/** At a kiosk on the attract screen: two seats of the first show of an event, printed here, paid by card at its terminal (which approves it); back on the attract screen. */
export async function kioskCardSale(page: Page, search: string, title: RegExp): Promise<void> {
  await page.getByTestId('touch-to-start').click()
  await twoSeatsToDelivery(page, search, title)
  await page.getByTestId('payment-VISA').click()
  await page.getByTestId('delivery-continue').click()
  await page.getByTestId('review-pay').click()
  // Paying places the order at the vendor (its own process): on a busy machine that takes a while. The terminal then takes the card.
  await page.getByTestId('pay-by-card').click({ timeout: 30_000 })
  await expect(page.getByTestId('done-screen')).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('done-finish').click()
  await expect(page.getByTestId('attract-screen')).toBeVisible()
}
