import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { terminalTestStateSchema } from '../../electron/contract'
import { adminHandlers } from '../../electron/services/admin-service'
import { startRuntime, type Runtime } from '../../electron/services/runtime'
import { SettingsFile } from '../../electron/settings/settings-file'
import { KeytarVault } from '../../electron/vault/keytar-vault'
import { createFoyerI18n, locales } from '../../renderer/src/i18n'
import { apiRig, type ApiRig } from '../support/api-fixtures'
import { sandboxConnection } from '../support/checkout-fixtures'
import { unmountApp, type MountedApp } from '../support/mount-app'
import { nodeFetchForFile } from '../support/node-fetch'
import { press, staffSettings, type } from '../support/staff-screen'
import { firstPin, testEnrolment, testStaff } from '../support/staff-runtime'
import { keychainUnavailableReason } from '../support/keychain'
import { terminalControls } from '../support/terminal-controls'

/**
 * The "Card terminal" section of the staff settings: the real screen against
 * the real staff services (settings store, PIN, OS keychain) and a real
 * sandbox whose simulated terminal answers "Test terminal", in happy-dom.
 */
const PIN = '581372'
// Seconds alone; budgeted for a machine three times slower with both cores busy.
const SAVE = { timeout: 30_000 }
const vault = new KeytarVault()
const keychainReason = await keychainUnavailableReason(vault)
let rig: ApiRig
let runtime: Runtime
let settings: SettingsFile
let dataDir: string
nodeFetchForFile()

beforeAll(async () => {
  rig = await apiRig()
  dataDir = await mkdtemp(join(tmpdir(), 'foyer-terminal-form-'))
  settings = await SettingsFile.open(dataDir)
  const staff = await testStaff(dataDir)
  const connect = async () => sandboxConnection(rig)
  runtime = await startRuntime({
    facts: { appVersion: 't', mode: 'self-service', host: 'browser' },
    dataDir,
    connect,
    log: { warn: () => {}, error: () => {} },
    staff: staff.check,
    admin: ({ sales, pushes, system }) => adminHandlers({ settings, vault, ...staff, enrolment: testEnrolment(), sales, system, pushes, connect }),
  })
  await runtime.services.dispatcher.dispatch('staff.setPin', firstPin(PIN), { transport: 'test' })
})
afterEach(() => unmountApp())
afterAll(async () => {
  const id = settings?.get().installationId
  if (id && !keychainReason) await vault.remove({ terminalOf: id }).catch(() => {})
  await runtime?.close()
  await rig?.close()
  await rm(dataDir, { recursive: true, force: true })
})

async function terminalSettings(): Promise<MountedApp> {
  const app = await staffSettings(runtime.services, PIN, 'terminal-settings')
  // Settled: the saved settings are in the form before anything is typed.
  await vi.waitFor(() => expect((app.find('terminal-save') as HTMLButtonElement).disabled).toBe(false), SAVE)
  return app
}

const input = (app: MountedApp, testId: string) => app.find(testId) as HTMLInputElement

const terminal = {
  address: '192.168.20.31',
  poiid: 'V400m-324688179',
  keyIdentifier: 'foyer-kiosk',
  keyVersion: 3,
  environment: 'live',
  rootCertificatePath: '/etc/foyer/adyen-terminalfleet-live.pem',
}

function fill(app: MountedApp, values: Record<string, string>): void {
  for (const [field, value] of Object.entries(values)) type(app, `terminal-${field}`, value)
}

const network = (online: boolean) => terminalControls(rig.sandbox, rig.direct).plug(online)

describe('staff settings: the card terminal', { timeout: 120_000 }, () => {
  it('saves a terminal from the form and shows it back, with no passphrase and the kiosk’s id at the terminal', async () => {
    const app = await terminalSettings()
    expect(app.find('terminal-settings')?.querySelector('legend')?.textContent).toBe('Card terminal')
    expect(app.text('terminal-passphrase-state')).toBe('No card terminal is set up yet.')
    expect((app.find('terminal-store-passphrase') as HTMLButtonElement).disabled).toBe(true)

    fill(app, { address: terminal.address, poiid: terminal.poiid, keyIdentifier: terminal.keyIdentifier, keyVersion: '3', rootCertificatePath: terminal.rootCertificatePath })
    await app.click('terminal-environment-live')
    await press(app, 'terminal-save')
    await vi.waitFor(() => expect(app.text('terminal-result')).toBe('Saved.'), SAVE)
    expect(settings.get().terminal).toEqual(terminal)
    expect(app.text('terminal-passphrase-state')).toBe('No passphrase is stored for this terminal yet.')
    expect(app.text('terminal-sale-id')).toBe(`This kiosk's ID at the terminal: ${settings.get().installationId}`)
  })

  it('says which value was refused, in words, marks that field, and keeps what was saved', async () => {
    await settings.update({ terminal: { ...terminal, environment: 'live' } })
    const app = await terminalSettings()
    expect(input(app, 'terminal-poiid').value).toBe(terminal.poiid)
    type(app, 'terminal-poiid', 'V400m 324688179')
    await press(app, 'terminal-save')
    await vi.waitFor(() => expect(app.find('terminal-error')).not.toBeNull(), SAVE)
    expect(app.find('terminal-error')?.getAttribute('role')).toBe('alert')
    expect(app.text('terminal-error')).toBe('That terminal ID was not saved. It is the model and serial number, like V400m-324688179, at most 40 characters.')
    expect(input(app, 'terminal-poiid').getAttribute('aria-invalid')).toBe('true')
    expect(input(app, 'terminal-address').getAttribute('aria-invalid')).toBe('false')
    expect(settings.get().terminal?.poiid).toBe(terminal.poiid)

    type(app, 'terminal-poiid', terminal.poiid)
    type(app, 'terminal-rootCertificatePath', 'adyen-root.pem')
    await press(app, 'terminal-save')
    await vi.waitFor(() => expect(app.text('terminal-error')).toBe('That certificate path was not saved. Enter the full path of the file (from the drive or /), at most 1024 characters.'), SAVE)

    // A key version that is no whole number is said at once; nothing goes to main.
    type(app, 'terminal-rootCertificatePath', terminal.rootCertificatePath)
    type(app, 'terminal-keyVersion', '')
    await press(app, 'terminal-save')
    expect(app.text('terminal-error')).toBe('That key version was not saved. Enter a whole number from 0 to 999999.')
    expect(input(app, 'terminal-keyVersion').getAttribute('aria-invalid')).toBe('true')
    expect(settings.get().terminal).toEqual(terminal)
  })

  it.skipIf(keychainReason !== null)('stores the passphrase write-only: the field empties and the screen only learns that one is stored', async () => {
    await settings.update({ terminal: { ...terminal, environment: 'live' } })
    const app = await terminalSettings()
    type(app, 'terminal-passphrase', 'the-shared-key-passphrase')
    await press(app, 'terminal-store-passphrase')
    await vi.waitFor(() => expect(app.text('terminal-result')).toBe('The passphrase is stored in the system keychain.'), SAVE)
    expect(input(app, 'terminal-passphrase').value).toBe('')
    await vi.waitFor(() => expect(app.text('terminal-passphrase-state')).toBe('A passphrase is stored for this terminal.'), SAVE)
    expect(app.root.innerHTML).not.toContain('the-shared-key-passphrase')
  })

  it('removes the terminal: cards are then not taken here until one is set up', async () => {
    await settings.update({ terminal: { ...terminal, environment: 'live' } })
    const app = await terminalSettings()
    await press(app, 'terminal-remove')
    await vi.waitFor(() => expect(app.text('terminal-result')).toBe('The terminal was removed. Cards are not taken here until one is set up.'), SAVE)
    expect(settings.get().terminal).toBeNull()
    expect(app.text('terminal-passphrase-state')).toBe('No card terminal is set up yet.')
    expect(app.find('terminal-remove')).toBeNull()
  })

  it('Test terminal says what the terminal answered, in words (training: the sandbox’s own terminal)', async () => {
    const app = await terminalSettings()
    await press(app, 'terminal-test')
    await vi.waitFor(() => expect(app.text('terminal-test-words')).toBe('The terminal is ready to take cards.'), SAVE)
    expect(app.find('terminal-test-result')?.getAttribute('data-state')).toBe('ready')
    expect(app.find('terminal-test-result')?.getAttribute('role')).toBe('status')

    await network(false)
    try {
      await press(app, 'terminal-test')
      await vi.waitFor(
        () => expect(app.text('terminal-test-words')).toBe('The terminal does not answer. Check that it is switched on and on the network, and that the address is right.'),
        { timeout: 30_000 },
      )
      expect(app.text('terminal-test-detail')).toContain('cannot be reached')
    } finally {
      await network(true)
    }
  }, 40_000)

  it.each(locales)('%s words every state Test terminal can answer', (locale) => {
    const { te, t } = createFoyerI18n(locale).global
    for (const state of terminalTestStateSchema.options) {
      expect(te(`terminal.test.${state}`), `${locale} terminal.test.${state}`).toBe(true)
      expect(t(`terminal.test.${state}`)).not.toBe(`terminal.test.${state}`)
    }
  })
})
