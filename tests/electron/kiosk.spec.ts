import { spawn } from 'node:child_process'
import { chooseStaffPin, electronBinary, expect, inMainWindow, mainEntry, mainWindowState, test } from './electron-app'

/**
 * Issue #8's kiosk lockdown in the running app: a self-service Foyer is a
 * locked kiosk window a customer cannot close; staff leave it with the PIN and
 * lock it again; a crashed renderer comes back by itself; a second start gives
 * way to the running Foyer.
 */
const PIN = '246813'

test('the self-service window is a locked kiosk with no menu, and refuses to close', async ({ foyer }) => {
  await expect(foyer.window.getByTestId('attract-screen')).toBeVisible()
  expect(await mainWindowState(foyer.app)).toMatchObject({ kiosk: true, closable: false, alwaysOnTop: true, hasMenu: false })
  // As a customer's Alt+F4 or a stray close would: the window stays.
  await foyer.app.evaluate(({ BrowserWindow }) => {
    for (const window of BrowserWindow.getAllWindows()) window.close()
  })
  await foyer.window.waitForTimeout(1000)
  expect(await mainWindowState(foyer.app)).toMatchObject({ kiosk: true })
  await expect(foyer.window.getByTestId('attract-screen')).toBeVisible()
})

test('staff leave kiosk mode with the PIN, and lock it again from the staff screen', async ({ foyer }) => {
  await chooseStaffPin(foyer.window, PIN)
  await foyer.window.getByTestId('kiosk-exit').click()
  await expect(foyer.window.getByTestId('kiosk-left')).toBeVisible()
  await expect.poll(async () => (await mainWindowState(foyer.app))?.kiosk).toBe(false)
  expect(await mainWindowState(foyer.app)).toMatchObject({ closable: true, alwaysOnTop: false })

  await foyer.window.getByTestId('kiosk-lock-again').click()
  await expect(foyer.window.getByTestId('kiosk-exit')).toBeVisible()
  await expect.poll(async () => (await mainWindowState(foyer.app))?.kiosk).toBe(true)
  expect(await mainWindowState(foyer.app)).toMatchObject({ closable: false, alwaysOnTop: true })
})

test('a crashed renderer is brought back to the attract screen', async ({ foyer }) => {
  await expect(foyer.window.getByTestId('attract-screen')).toBeVisible()
  await foyer.app.evaluate(({ BrowserWindow }) => {
    const window = BrowserWindow.getAllWindows().find((w) => w.webContents.getURL().startsWith('app://'))
    window?.webContents.forcefullyCrashRenderer()
  })
  // The watchdog reloads it after its first back-off (1 s); checked from main, since the old page object died with it.
  await expect
    .poll(() => inMainWindow<boolean>(foyer.app, "Boolean(document.querySelector('[data-testid=attract-screen]'))"), { timeout: 30_000 })
    .toBe(true)
  expect(await mainWindowState(foyer.app)).toMatchObject({ crashed: false, kiosk: true })
})

test('a second Foyer started on the same machine gives way to the running one', async ({ foyer }) => {
  await expect(foyer.window.getByTestId('attract-screen')).toBeVisible()
  const second = spawn(electronBinary()!, [mainEntry], { env: foyer.env, stdio: 'ignore' })
  const code = await new Promise<number | null>((resolve) => second.on('exit', resolve))
  expect(code).toBe(0)
  expect(await mainWindowState(foyer.app)).toMatchObject({ kiosk: true, crashed: false })
  await expect(foyer.window.getByTestId('attract-screen')).toBeVisible()
})

test.describe('at a counter', () => {
  test.use({ foyerMode: 'counter' })

  test('the window is an ordinary one, with no kiosk lock to leave', async ({ foyer }) => {
    await expect(foyer.window.getByTestId('counter-sign-in-screen')).toBeVisible()
    expect(await mainWindowState(foyer.app)).toMatchObject({ kiosk: false, closable: true })
    const info = await foyer.window.evaluate(() => (window as unknown as { foyer: { system: { info: () => Promise<unknown> } } }).foyer.system.info())
    expect(info).toMatchObject({ ok: true, value: { mode: 'counter', kioskLock: 'none' } })
  })
})
