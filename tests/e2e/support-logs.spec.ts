import { readFile } from 'node:fs/promises'
import { expect, test } from './fixtures'
import { screens, startOwnHost, type OwnHost } from './screens'

/**
 * "Save logs for support" in the real renderer: a supervisor on the staff
 * screen presses it and is told where the file is; the file is there, and
 * holds the logs, the journal's steps and the settings. On a host of the
 * spec's own, so the file it writes is nobody else's.
 */
let host: OwnHost
test.beforeAll(async () => {
  host = await startOwnHost()
})
test.afterAll(async () => {
  await host?.close()
})

test('a supervisor saves logs for support from the staff screen and is told where the file is', async ({ page }) => {
  await page.goto(host.url)
  const staffScreen = screens.find((screen) => screen.name === 'admin-settings')!
  // The staff button, the supervisor's PIN, the staff screen (screens.ts).
  await staffScreen.reach(page)

  await expect(page.getByTestId('support-logs')).toContainText('Save logs for support')
  await page.getByTestId('support-save').click()
  await expect(page.getByTestId('support-saved')).toContainText('Saved. The file is here:', { timeout: 20_000 })
  const path = (await page.getByTestId('support-path').textContent())!.trim()
  expect(path).toMatch(/[\\/]support[\\/]foyer-support-[\w-]+\.json$/)
  const bundle = JSON.parse(await readFile(path, 'utf8')) as { kind: string; settings: { pinSet: boolean }; journal: unknown[]; logs: unknown[] }
  expect(bundle).toMatchObject({ kind: 'foyer-support', settings: { pinSet: true } })
  expect(Array.isArray(bundle.journal) && Array.isArray(bundle.logs)).toBe(true)
})
