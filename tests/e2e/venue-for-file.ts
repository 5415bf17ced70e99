import { test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { keychainExpected } from '../support/keychain'
import { startVenue, type HubProcess, type VenueDevice, type VenueHost } from './hub-venue'
import type { StagingVendor } from './staging-vendor'

/** A spec file's venue: its hub, staging vendor and devices' hosts, and pages closed with it. */
export interface FileVenue {
  readonly hub: HubProcess
  readonly vendor: StagingVendor
  readonly hosts: VenueHost[]
  /** A page in a browser context of its own (a device's screen, the manager's dashboard), closed after the file's tests. */
  newPage(browser: Browser, options?: Parameters<Browser['newContext']>[0]): Promise<Page>
}

/**
 * One venue for a spec file's tests (startVenue): started before them, stopped after them with every
 * context they opened. Skipped where there is no OS keychain: the hub's device token is kept there,
 * as every secret, and without one Foyer cannot connect (run under scripts/with-keyring.sh).
 */
export function venueForFile(devices: VenueDevice[]): FileVenue {
  test.skip(!keychainExpected(), 'needs an OS keychain for the hub device token: run under scripts/with-keyring.sh')
  const contexts: BrowserContext[] = []
  let started: Awaited<ReturnType<typeof startVenue>> | undefined
  test.beforeAll(async () => {
    // The hub, the vendor and a host per device (each with a training sandbox until staff choose staging), starting on a busy machine.
    test.setTimeout(180_000)
    started = await startVenue(devices)
  })
  test.afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()))
    if (started) await Promise.all([started.hub.stop(), started.vendor.stop(), ...started.hosts.map((host) => host.stop())])
  })
  const venue = () => {
    if (!started) throw new Error('the venue starts in beforeAll: ask for it inside a test')
    return started
  }
  return {
    get hub() {
      return venue().hub
    },
    get vendor() {
      return venue().vendor
    },
    get hosts() {
      return venue().hosts
    },
    async newPage(browser, options = {}) {
      const context = await browser.newContext(options)
      contexts.push(context)
      return context.newPage()
    },
  }
}
