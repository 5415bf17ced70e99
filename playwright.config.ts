import { defineConfig } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import type { FoyerHostOptions } from './tests/e2e/fixtures'

/**
 * End-to-end tests drive the real renderer. The `chromium` project reaches it
 * through the browser host (Debian's Chromium; Playwright cannot download its
 * own here); the `electron` project runs the same specs in the Electron app
 * where its binary exists and skips itself, saying why, where it does not.
 */
const port = Number(process.env.FOYER_E2E_PORT ?? 5317)
/** The seat-map harness (tests/seatmap-harness), served beside the app for component-level specs. */
export const harnessPort = Number(process.env.FOYER_HARNESS_PORT ?? 5318)
/** A second browser host in counter mode (counter.spec.ts): staff sign in with the PIN, keyboard shortcuts. */
/** A second browser host whose sandbox carries 5,000 generated events besides the training data (catalogue-scale.spec.ts). */
export const scalePort = Number(process.env.FOYER_SCALE_PORT ?? 5320)
export const SCALE_EXTRA_EVENTS = 5000
// Set once in the runner process; workers inherit the environment, so every
// worker and the web server agree on this run's token.
process.env.FOYER_HOST_TOKEN ??= randomBytes(24).toString('base64url')

const chromiumArgs = [
  // WebGL through SwiftShader where the machine has no GPU.
  '--enable-unsafe-swiftshader',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export default defineConfig<FoyerHostOptions>({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: [['list']],
  forbidOnly: !!process.env.CI,
  // CI machines are shared and noisy: one retry, and Playwright reports any
  // test that needed it as "flaky" so it gets looked at rather than hidden.
  retries: process.env.CI ? 1 : 0,
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    trace: 'retain-on-failure',
    viewport: { width: 1280, height: 800 },
    // Shared by both projects: fixtures may open a browser page in either.
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.FOYER_CHROMIUM ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  webServer: [
    {
      command: `node --import tsx electron/browser-host/cli.ts --port ${port}`,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FOYER_HOST_TOKEN: process.env.FOYER_HOST_TOKEN, FOYER_DATA_DIR: 'memory', FOYER_MODE: 'self-service', FOYER_BACKEND: 'sandbox' },
    },
    {
      command: `node --import tsx electron/browser-host/cli.ts --port ${scalePort}`,
      url: `http://127.0.0.1:${scalePort}/`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        FOYER_HOST_TOKEN: process.env.FOYER_HOST_TOKEN,
        FOYER_DATA_DIR: 'memory',
        FOYER_MODE: 'self-service',
        FOYER_BACKEND: 'sandbox',
        FOYER_SANDBOX_EXTRA_EVENTS: String(SCALE_EXTRA_EVENTS),
      },
    },
    {
      command: `node scripts/serve-static.mjs out/seatmap-harness ${harnessPort}`,
      url: `http://127.0.0.1:${harnessPort}/`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
  ],
  projects: [
    {
      name: 'chromium',
      use: { foyerHost: 'browser' },
    },
    {
      name: 'electron',
      use: { foyerHost: 'electron' },
    },
  ],
})
