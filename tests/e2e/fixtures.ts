import { test as base, _electron, type APIRequestContext, type ElectronApplication, type Page } from '@playwright/test'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export interface FoyerHostOptions {
  /** Which host carries the renderer: the browser host in Chromium, or the Electron app. */
  foyerHost: 'browser' | 'electron'
}

const repoRoot = join(import.meta.dirname, '..', '..')

/**
 * Where the Electron binary is, without triggering Electron's own download
 * (requiring the `electron` package fetches it when missing).
 */
export function electronBinary(): string | null {
  const pkg = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  const pathFile = join(pkg, 'path.txt')
  if (!existsSync(pathFile)) return null
  const binary = join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : null
}

export const test = base.extend<{ kiosk: Page }, FoyerHostOptions & { electronApp: ElectronApplication | null }>({
  foyerHost: ['browser', { option: true, scope: 'worker' }],

  electronApp: [
    async ({ foyerHost }, use) => {
      if (foyerHost !== 'electron') return use(null)
      const executablePath = electronBinary()
      if (!executablePath) return use(null)
      const app = await _electron.launch({
        executablePath,
        args: [join(repoRoot, 'out', 'main', 'index.js')],
        env: { ...process.env, FOYER_MODE: 'self-service', FOYER_BACKEND: 'sandbox' },
      })
      await use(app)
      await app.close()
    },
    { scope: 'worker' },
  ],

  /** The kiosk window, whichever host carries it, on the attract screen. */
  kiosk: async ({ foyerHost, electronApp, page }, use, testInfo) => {
    if (foyerHost === 'electron') {
      testInfo.skip(
        electronApp === null,
        'The Electron binary is not installed here (it cannot be fetched without internet); the same specs run in the chromium project through the browser host.',
      )
      const window = await electronApp!.firstWindow()
      await window.waitForLoadState('domcontentloaded')
      await use(window)
      return
    }
    await page.goto(`/#token=${process.env.FOYER_HOST_TOKEN}`)
    await use(page)
  },
})

export { expect } from '@playwright/test'

/** main's own count of the kiosk's seat holds, through the browser host's contract endpoint. */
export async function holdCount(request: APIRequestContext): Promise<number> {
  const answer = await request.post('ipc/holds.status', { headers: { authorization: `Bearer ${process.env.FOYER_HOST_TOKEN}` }, data: {} })
  return ((await answer.json()) as { value: { count: number } }).value.count
}
