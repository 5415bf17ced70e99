import { randomBytes } from 'node:crypto'
import { keychainExpected } from '../support/keychain'
import { E2E_ENROLMENT_CODE, expect, ipc, test } from './fixtures'

/**
 * The staff path through the real renderer: the PIN pad, the settings screen,
 * a vendor backend's addresses and its write-only client secret (into the OS
 * keychain), and a connection test. Whether a keychain answers is decided by
 * one rule (tests/support/keychain.ts): CI always has one (scripts/with-keyring.sh),
 * and each environment has one outcome, asserted.
 */
const keychain = keychainExpected()

test('staff set a PIN with the machine’s enrolment code, configure a vendor backend, store its secret and test it', async ({ kiosk }, testInfo) => {
  await kiosk.getByTestId('staff-entry').click()
  const typePin = async (pin: string) => {
    for (const digit of pin) await kiosk.getByTestId(`pin-${digit}`).click()
    await kiosk.getByTestId('pin-enter').click()
  }
  // A fresh kiosk asks for the enrolment code first: a wrong one sets nothing and says so.
  await expect(kiosk.getByRole('heading', { level: 1 })).toHaveText('Set up staff access')
  await kiosk.getByTestId('enrolment-code').fill('NOT-THE-RIGHT-CODE')
  await kiosk.getByTestId('enrolment-name').fill('Mei Ling')
  await kiosk.getByTestId('enrolment-next').click()
  await typePin('482193')
  await typePin('482193')
  await expect(kiosk.getByRole('alert')).toContainText('That enrolment code is not right.')
  await expect(kiosk.getByRole('heading', { level: 1 })).toHaveText('Set up staff access')

  await kiosk.getByTestId('enrolment-code').fill(E2E_ENROLMENT_CODE.toLowerCase())
  await kiosk.getByTestId('enrolment-name').fill('Mei Ling')
  await kiosk.getByTestId('enrolment-next').click()
  await expect(kiosk.getByRole('heading', { level: 1 })).toHaveText('Choose a staff PIN (6 to 12 digits)')
  await typePin('482193')
  await expect(kiosk.getByRole('heading', { level: 1 })).toHaveText('Enter the new PIN again')
  await typePin('482193')
  await expect(kiosk.getByTestId('admin-screen')).toBeVisible()
  await kiosk.screenshot({ path: testInfo.outputPath('staff-settings-en-SG.png'), fullPage: true })

  const tenant = `e2e-${randomBytes(4).toString('hex')}`
  const form = {
    baseUrl: `https://127.0.0.1:9/api/v0/${tenant}`,
    authUrl: `https://127.0.0.1:9/auth/v0/${tenant}/oauth/token`,
    imageBaseUrl: 'https://127.0.0.1:9',
    tenant,
    clientId: 'foyer-kiosk',
  }
  for (const [field, value] of Object.entries(form)) await kiosk.getByTestId(`staging-${field}`).fill(value)
  await kiosk.getByTestId('staging-save').click()
  await expect(kiosk.getByTestId('staging-result')).toHaveText('Saved.')
  await expect(kiosk.getByTestId('staging-secret-state')).toHaveText('No client secret stored yet.')

  // The write-only secret goes into the OS keychain. Where one is expected (always on CI) it is stored;
  // where none can be (a Linux desktop without a Secret Service) staff are told so, and nothing says "stored".
  const secret = `e2e-secret-${randomBytes(8).toString('hex')}`
  await kiosk.getByTestId('staging-secret').fill(secret)
  await kiosk.getByTestId('staging-store-secret').click()
  if (keychain) {
    await expect(kiosk.getByTestId('staging-result')).toHaveText('The client secret is stored in the system keychain.')
    await expect(kiosk.getByTestId('staging-secret-state')).toHaveText('A client secret is stored.')
    // Write-only: the field is emptied and the secret is nowhere on the page.
    await expect(kiosk.getByTestId('staging-secret')).toHaveValue('')
  } else {
    await expect(kiosk.getByTestId('error-notice')).toContainText('keychain')
    await expect(kiosk.getByTestId('staging-result')).toHaveCount(0)
    await expect(kiosk.getByTestId('staging-secret-state')).toHaveText('No client secret stored yet.')
  }
  expect(await kiosk.content()).not.toContain(secret)

  // The connection test: with the secret stored, nothing listens at that address and the test says so;
  // without a keychain the secret cannot be read, and the test says that instead.
  await kiosk.getByTestId('staging-test').click()
  await expect(kiosk.getByTestId('staging-result')).toHaveText(
    keychain
      ? 'The ticketing service cannot be reached. Please check the connection or ask staff.'
      : 'The system keychain cannot be reached, so the client secret cannot be read. Unlock or set up the keychain, then try again.',
  )

  await kiosk.getByTestId('admin-leave').click()
  await expect(kiosk.getByTestId('attract-screen')).toBeVisible()
  // Back in: the PIN is asked again, and a wrong one is refused.
  await kiosk.getByTestId('staff-entry').click()
  await expect(kiosk.getByRole('heading', { level: 1 })).toHaveText("Enter a supervisor's PIN")
  await typePin('111111')
  await expect(kiosk.getByTestId('pin-notice')).toHaveText('That PIN is not right.')
  await typePin('482193')
  await expect(kiosk.getByTestId('admin-screen')).toBeVisible()
})

test('staff set the update feed address; it is kept across a reload, and a plain http feed elsewhere is refused in words', async ({ kiosk, request }) => {
  const PIN = '482193'
  // The PIN as the test above leaves it (set here too, so this test also runs on its own).
  await ipc(request, 'staff.setPin', { currentPin: PIN, newPin: PIN, enrolmentCode: E2E_ENROLMENT_CODE })
  const openSettings = async () => {
    await kiosk.getByTestId('staff-entry').click()
    await expect(kiosk.getByRole('heading', { level: 1 })).toHaveText("Enter a supervisor's PIN")
    for (const digit of PIN) await kiosk.getByTestId(`pin-${digit}`).click()
    await kiosk.getByTestId('pin-enter').click()
    await expect(kiosk.getByTestId('admin-screen')).toBeVisible()
  }
  await openSettings()
  const feed = kiosk.getByTestId('updates-feed-url')
  const minutes = kiosk.getByTestId('updates-check-minutes')
  const save = kiosk.getByTestId('updates-save')
  await expect(feed).toHaveValue('')
  await feed.fill('https://updates.venue.example/foyer/')
  await minutes.fill('60')
  await save.click()
  await expect(kiosk.getByTestId('updates-result')).toHaveText('Saved.')
  // Touch targets: the save button, the fields and the whole line of each checkbox.
  for (const target of [save, feed, minutes, kiosk.getByTestId('updates-enabled').locator('..'), kiosk.getByTestId('updates-on-training').locator('..')]) {
    expect((await target.boundingBox())?.height).toBeGreaterThanOrEqual(48)
  }

  await kiosk.reload()
  await expect(kiosk.getByTestId('attract-screen')).toBeVisible()
  await openSettings()
  await expect(feed).toHaveValue('https://updates.venue.example/foyer/')
  await expect(minutes).toHaveValue('60')

  await feed.fill('http://example.com/feed/')
  await save.click()
  await expect(kiosk.getByTestId('updates-error')).toHaveText(
    'That feed address was not saved. It must start with https:// (plain http:// only for this computer).',
  )
  await expect(feed).toHaveAttribute('aria-invalid', 'true')
  // main kept the address it had.
  expect((await ipc<{ updates: { feedUrl: string | null } }>(request, 'settings.get')).updates.feedUrl).toBe('https://updates.venue.example/foyer/')
})

test('staff set up the card terminal; a refused value is said in words; Test terminal says the training terminal is ready', async ({ kiosk, request }) => {
  const PIN = '482193'
  await ipc(request, 'staff.setPin', { currentPin: PIN, newPin: PIN, enrolmentCode: E2E_ENROLMENT_CODE })
  await kiosk.getByTestId('staff-entry').click()
  for (const digit of PIN) await kiosk.getByTestId(`pin-${digit}`).click()
  await kiosk.getByTestId('pin-enter').click()
  await expect(kiosk.getByTestId('admin-screen')).toBeVisible()

  const terminal = { address: '192.168.20.31', poiid: 'V400m-324688179', keyIdentifier: 'foyer-kiosk', keyVersion: '1', rootCertificatePath: '/etc/foyer/adyen-terminal-root.pem' }
  for (const [field, value] of Object.entries(terminal)) await kiosk.getByTestId(`terminal-${field}`).fill(value)
  await kiosk.getByTestId('terminal-poiid').fill('V400m 324688179')
  const save = kiosk.getByTestId('terminal-save')
  await save.click()
  await expect(kiosk.getByTestId('terminal-error')).toHaveText('That terminal ID was not saved. It is the model and serial number, like V400m-324688179, at most 40 characters.')
  await expect(kiosk.getByTestId('terminal-poiid')).toHaveAttribute('aria-invalid', 'true')

  await kiosk.getByTestId('terminal-poiid').fill(terminal.poiid)
  await save.click()
  await expect(kiosk.getByTestId('terminal-result')).toHaveText('Saved.')
  await expect(kiosk.getByTestId('terminal-passphrase-state')).toHaveText('No passphrase is stored for this terminal yet.')
  const saved = await ipc<{ terminal: { config: Record<string, unknown>; hasPassphrase: boolean } }>(request, 'settings.get')
  expect(saved.terminal).toMatchObject({ config: { ...terminal, keyVersion: 1, environment: 'test' }, hasPassphrase: false })

  // This kiosk sells through the training sandbox: Test terminal asks its simulated terminal.
  const test = kiosk.getByTestId('terminal-test')
  await test.click()
  await expect(kiosk.getByTestId('terminal-test-words')).toHaveText('The terminal is ready to take cards.')
  for (const target of [save, test, kiosk.getByTestId('terminal-address'), kiosk.getByTestId('terminal-passphrase')]) {
    expect((await target.boundingBox())?.height).toBeGreaterThanOrEqual(48)
  }
})
