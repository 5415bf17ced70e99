import { test as base, _electron, expect, type ElectronApplication, type Page } from '@playwright/test'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/**
 * The Electron app itself, as an installed kiosk runs it: electron/main with
 * its app:// protocol, hardened session, kiosk lock and IPC (the renderer has
 * no other way out). Each test starts its own Foyer on its own data folder
 * (FOYER_DATA_DIR; the single-instance lock lives there too), selling against
 * the built-in sandbox.
 *
 * Electron's binary is downloaded on first use; where it is missing (the
 * offline development machine) every test here skips itself, saying so. The
 * release workflow (.github/workflows/release.yml) runs them under xvfb.
 */
export const repoRoot = join(import.meta.dirname, '..', '..')
export const mainEntry = join(repoRoot, 'out', 'main', 'index.js')

/** Where the Electron binary is, without triggering Electron's own download (requiring `electron` fetches it). */
export function electronBinary(): string | null {
  const pkg = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  const pathFile = join(pkg, 'path.txt')
  if (!existsSync(pathFile)) return null
  const binary = join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : null
}

export const NO_ELECTRON =
  'The Electron binary is not installed here (it cannot be fetched without internet). The release workflow runs these specs in Electron under xvfb; the same renderer is tested in Chromium through the browser host (tests/e2e).'

export interface FoyerApp {
  app: ElectronApplication
  window: Page
  dataDir: string
  env: Record<string, string>
}

/** The one-time code that sets the first staff PIN of a Foyer under test (as an installer provides it). */
export const ENROLMENT_CODE = 'ELECTRON-ENROL-2026'

/** The environment a Foyer under test starts with: its own data folder, the sandbox, the mode asked for. */
export function foyerEnv(dataDir: string, mode: 'self-service' | 'counter'): Record<string, string> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined))
  return { ...inherited, FOYER_DATA_DIR: dataDir, FOYER_MODE: mode, FOYER_BACKEND: 'sandbox', FOYER_UPDATES: 'off', FOYER_ENROLMENT_CODE: ENROLMENT_CODE }
}

export const test = base.extend<{ foyerMode: 'self-service' | 'counter'; foyer: FoyerApp }>({
  foyerMode: ['self-service', { option: true }],
  foyer: async ({ foyerMode }, use, testInfo) => {
    const executablePath = electronBinary()
    testInfo.skip(executablePath === null, NO_ELECTRON)
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-electron-e2e-'))
    const env = foyerEnv(dataDir, foyerMode)
    const app = await _electron.launch({ executablePath: executablePath!, args: [mainEntry], env, timeout: 60_000 })
    try {
      const window = await app.firstWindow()
      await window.waitForLoadState('domcontentloaded')
      await use({ app, window, dataDir, env })
    } finally {
      await app.close().catch(() => {})
      rmSync(dataDir, { recursive: true, force: true })
    }
  },
})

export { expect, type Page }

/** The main window's state as main sees it (Electron's own API, in the main process). */
export function mainWindowState(app: ElectronApplication) {
  return app.evaluate(({ BrowserWindow, Menu }) => {
    const window = BrowserWindow.getAllWindows().find((w) => !w.isDestroyed() && w.webContents.getURL().startsWith('app://'))
    if (!window) return null
    return {
      url: window.webContents.getURL(),
      kiosk: window.isKiosk(),
      closable: window.isClosable(),
      alwaysOnTop: window.isAlwaysOnTop(),
      hasMenu: Menu.getApplicationMenu() !== null,
      crashed: window.webContents.isCrashed(),
      windows: BrowserWindow.getAllWindows().length,
    }
  })
}

/** Runs a script in the main window's page from main (not through Playwright's page, which a crash replaces). */
export function inMainWindow<T>(app: ElectronApplication, script: string): Promise<T | null> {
  return app.evaluate(async ({ BrowserWindow }, code) => {
    const window = BrowserWindow.getAllWindows().find((w) => !w.isDestroyed() && w.webContents.getURL().startsWith('app://'))
    if (!window || window.webContents.isCrashed() || window.webContents.isLoading()) return null
    return (await window.webContents.executeJavaScript(code)) as T
  }, script)
}

/** On a new machine (each test's own data folder), staff choose their PIN: typed twice, then the staff screen. */
export async function chooseStaffPin(window: Page, pin: string): Promise<void> {
  const typePin = async () => {
    for (const digit of pin) await window.getByTestId(`pin-${digit}`).click()
    await window.getByTestId('pin-enter').click()
  }
  await window.getByTestId('staff-entry').click()
  await window.getByTestId('enrolment-code').fill(ENROLMENT_CODE)
  await window.getByTestId('enrolment-name').fill('Supervisor')
  await window.getByTestId('enrolment-next').click()
  await expect(window.getByRole('heading', { level: 1 })).toHaveText('Choose a staff PIN (6 to 12 digits)')
  await typePin()
  await expect(window.getByRole('heading', { level: 1 })).toHaveText('Enter the new PIN again')
  await typePin()
  await expect(window.getByTestId('admin-screen')).toBeVisible()
}
