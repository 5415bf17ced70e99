import { expect, test } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SupportFile } from '../../hub/protocol'
import { keychainExpected } from '../support/keychain'
import { startHostProcess, type HostProcess } from './host-process'
import { addDevice, connectToHub, press, setUpFirstManager, startHubProcess, type HubProcess, type VenueDevice } from './hub-venue'

/**
 * Issue #36 §5, "How do I help a device from the office?": one Foyer Hub (its own process, PGlite) and
 * one counter's browser host (on disk, so it writes its logs and journal), enrolled through Staff
 * settings. The manager asks for the counter's support file on the dashboard by keyboard; the counter
 * sends it at its next heartbeat (every 15 s, as in production); the manager downloads it, and it holds
 * what "Save logs for support" writes. No vendor: the counter stays on its training sandbox.
 */
const manager = { name: 'Mei Tan', password: 'correct horse battery' }
const counter: VenueDevice = { name: 'Counter 1', place: 'Box office window 1', mode: 'counter' }

test.skip(!keychainExpected(), 'needs an OS keychain for the hub device token: run under scripts/with-keyring.sh')

let hub: HubProcess | undefined
let host: HostProcess | undefined
const dataDir = mkdtempSync(join(tmpdir(), 'foyer-e2e-support-'))
test.beforeAll(async () => {
  test.setTimeout(120_000)
  ;[hub, host] = await Promise.all([startHubProcess(), startHostProcess({ FOYER_DATA_DIR: dataDir, FOYER_MODE: 'counter' })])
})
test.afterAll(async () => {
  await Promise.all([hub?.stop(), host?.stop()])
  rmSync(dataDir, { recursive: true, force: true })
})

test('the manager asks for a counter’s support file on the dashboard, the counter sends it at its next heartbeat, the manager downloads it', async ({ browser }) => {
  const dashboard = await (await browser.newContext({ ignoreHTTPSErrors: true, acceptDownloads: true })).newPage()
  const device = await (await browser.newContext()).newPage()

  await setUpFirstManager(dashboard, hub!, manager)
  const { code } = await addDevice(dashboard, counter)
  await connectToHub(device, { entry: host!.entry, device: counter }, hub!, { code })

  const tile = dashboard.getByRole('article', { name: counter.name })
  const state = tile.getByTestId('support-file-state')
  await press(dashboard, tile.getByRole('button', { name: `Ask ${counter.name} for its support file` }))
  await expect(state).toHaveText(/^Asked by Mei Tan at .+\. The device sends it at its next heartbeat\.$/)
  await expect(state).toBeFocused()
  // The next heartbeat, on a machine that may be three times slower.
  await expect(state).toHaveAttribute('data-state', 'ready', { timeout: 45_000 })
  await expect(dashboard.getByTestId('live-region')).toContainText(`The support file of ${counter.name} is ready to download.`)

  const downloading = dashboard.waitForEvent('download')
  await press(dashboard, tile.getByRole('link', { name: `Download the support file of ${counter.name}` }))
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^foyer-support-Counter-1-[\dT-]+Z\.json$/)
  const file = SupportFile.parse(JSON.parse(await readFile((await download.path())!, 'utf8')))
  expect(file.system).toMatchObject({ mode: 'counter', backend: 'sandbox' })
  expect(file.settings).toMatchObject({ mode: 'counter', pinSet: true })
  // The counter's own logs, as it wrote them: its connection to the hub among them.
  expect(file.logs.map((log) => log.file).every((name) => /^foyer\..*\.log$/.test(name))).toBe(true)
  expect(file.logs.flatMap((log) => log.lines).length).toBeGreaterThan(0)
  await expect(state).toHaveText(/^Downloaded by Mei Tan at .+\.$/)
})
