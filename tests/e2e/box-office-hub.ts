import { expect, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { countDrawer } from './cash-drawer'
import { sgd } from './counter-basket'
import { signInAs } from './fixtures'
import { press, type VenueHost } from './hub-venue'

/**
 * What issue #26's E2E (hub-box-office.spec.ts) does on the hub's dashboard and at the devices, as the
 * manager and the cashier do it: staff made once on the hub, a profile for the lobby kiosks, a group
 * closed from the Open and close page, shifts counted at the counters and the day closed.
 */

/** An amount in cents as the dashboard shows it in en-SG ("S$1,234.50"). */
export const hubMoney = (cents: number) => `S$${(cents / 100).toLocaleString('en-SG', { minimumFractionDigits: 2 })}`

/** On the Staff page: a new account with a role and a PIN (sent once; never shown again). */
export async function addStaffAccount(dashboard: Page, account: { name: string; role: 'cashier' | 'supervisor'; pin: string }): Promise<void> {
  await press(dashboard, dashboard.getByTestId('nav-staff'))
  await expect(dashboard.getByRole('heading', { name: 'Staff', exact: true })).toBeFocused()
  await dashboard.getByTestId('staff-add').click()
  await dashboard.getByTestId('staff-name').fill(account.name)
  await dashboard.getByTestId('staff-role').selectOption(account.role)
  await dashboard.getByTestId('staff-pin').fill(account.pin)
  await dashboard.getByTestId('staff-save').click()
  await expect(dashboard.getByTestId('live-region')).toContainText('Staff account saved.')
  await expect(dashboard.getByTestId(`staff-${account.name}`)).toContainText('Anywhere in the venue')
}

/** The venue's accounts a device has pulled from the hub and keeps for when the hub is away (foyer.db). */
export function pulledStaff(host: VenueHost): string[] {
  const db = new Database(join(host.dataDir, 'foyer.db'), { readonly: true, fileMustExist: true })
  try {
    return (db.prepare('SELECT name FROM hub_staff ORDER BY name').all() as { name: string }[]).map((row) => row.name)
  } finally {
    db.close()
  }
}

/** On the Profiles page (open): the profile's seat hold set to `minutes`, made new (`name`) or changed. */
export async function saveHoldWindow(dashboard: Page, name: string, minutes: number, isNew: boolean): Promise<void> {
  if (!isNew) await dashboard.getByRole('button', { name: `Change the profile ${name}` }).click()
  const form = dashboard.getByTestId('profile-form')
  await expect(form.getByRole('heading')).toHaveText(isNew ? 'New profile' : `Change the profile ${name}`)
  if (isNew) await form.getByTestId('profile-name').fill(name)
  const hold = form.getByTestId('setting-holdWindowMinutes')
  await hold.getByTestId('sets').check()
  await hold.getByTestId('value').fill(String(minutes))
  await form.getByTestId('save-profile').click()
  await expect(dashboard.getByTestId(`profile-${name}`)).toContainText('last changed by')
  await expect(form.getByRole('heading')).toHaveText('New profile')
}

/** On the Profiles page (open): the device given the profile, saved on its own row. */
export async function assignProfile(dashboard: Page, device: string, profile: string): Promise<void> {
  const row = dashboard.getByTestId(`setup-${device}`)
  await row.getByTestId('setup-profile').selectOption({ label: profile })
  await row.getByTestId('save-setup').click()
  // Saved and read back: the row shows the profile and waits for the device's next heartbeat (a secret it lacked at its last one is said beside).
  await expect(row.getByTestId('setup-state')).toContainText('Waiting for its next heartbeat')
  await expect(row.getByTestId('setup-profile').locator('option:checked')).toHaveText(profile)
}

/** A counter's shift closed by its cashier: the drawer counted to exactly what it should hold; the Z report, then the events. */
export async function closeShiftCounted(page: Page, expectedCents: number): Promise<void> {
  await page.getByTestId('counter-shift').click()
  await expect(page.getByTestId('report-expected')).toContainText(sgd(expectedCents))
  await countDrawer(page, expectedCents)
  await page.getByTestId('shift-close').click()
  await expect(page.getByTestId('shift-report-Z')).toBeVisible()
  await page.getByTestId('shift-back').click()
  await expect(page.getByTestId('events-screen')).toBeVisible()
}

/** At a counter's sign-in: signed in as a venue account with its one PIN, and named in the counter's bar. */
export async function signInAtCounter(page: Page, name: string, pin: string): Promise<void> {
  await expect(page.getByTestId('counter-sign-in-screen')).toBeVisible()
  await signInAs(page, name, pin)
  await expect(page.getByTestId('counter-who')).toHaveText(`Signed in: ${name} (Cashier)`)
}

export async function signOutAtCounter(page: Page): Promise<void> {
  await page.getByTestId('counter-sign-out').click()
  await expect(page.getByTestId('counter-sign-in-screen')).toBeVisible()
}
