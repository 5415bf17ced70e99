import { randomBytes } from 'node:crypto'
import { expect, test } from './fixtures'

/**
 * The staff path through the real renderer: the PIN pad, the settings screen,
 * a vendor backend's addresses and its write-only client secret (into the OS
 * keychain), and a connection test. Needs a Secret Service for the secret:
 * CI provides one (scripts/with-keyring.sh); elsewhere that part is skipped.
 */
const keychain = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS) || Boolean(process.env.CI)

test('staff set a PIN, configure a vendor backend, store its secret and test it', async ({ kiosk }, testInfo) => {
  await kiosk.getByTestId('staff-entry').click()
  await expect(kiosk.getByRole('heading', { level: 1 })).toHaveText('Choose a staff PIN (4 to 8 digits)')
  const typePin = async (pin: string) => {
    for (const digit of pin) await kiosk.getByTestId(`pin-${digit}`).click()
    await kiosk.getByTestId('pin-enter').click()
  }
  await typePin('4821')
  await expect(kiosk.getByRole('heading', { level: 1 })).toHaveText('Enter the new PIN again')
  await typePin('4821')
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

  if (keychain) {
    const secret = `e2e-secret-${randomBytes(8).toString('hex')}`
    await kiosk.getByTestId('staging-secret').fill(secret)
    await kiosk.getByTestId('staging-store-secret').click()
    await expect(kiosk.getByTestId('staging-secret-state')).toHaveText('A client secret is stored.')
    // Write-only: the field is emptied and the secret is nowhere on the page.
    await expect(kiosk.getByTestId('staging-secret')).toHaveValue('')
    expect(await kiosk.content()).not.toContain(secret)
  }

  // Nothing listens at that address: the test says the service cannot be reached.
  await kiosk.getByTestId('staging-test').click()
  await expect(kiosk.getByTestId('staging-result')).toHaveText(/cannot be reached|not set up|No client secret/)

  await kiosk.getByTestId('admin-leave').click()
  await expect(kiosk.getByTestId('attract-screen')).toBeVisible()
  // Back in: the PIN is asked again, and a wrong one is refused.
  await kiosk.getByTestId('staff-entry').click()
  await expect(kiosk.getByRole('heading', { level: 1 })).toHaveText('Enter the staff PIN')
  await typePin('1111')
  await expect(kiosk.getByTestId('pin-notice')).toHaveText('That PIN is not right.')
  await typePin('4821')
  await expect(kiosk.getByTestId('admin-screen')).toBeVisible()
})
