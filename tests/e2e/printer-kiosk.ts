import { scannedPng } from '../support/qr-scan'
import { expect, type Page } from './fixtures'
import { E2E_ENROLMENT_CODE, startHostProcess, type HostProcess } from './host-process'
import { mapReady } from './screens'

/**
 * A self-service kiosk's walk past its ticket printer, shared by the specs of
 * each kind of printer (#24): an IPP printer (printer-readiness.spec.ts), the
 * raw ESC/POS and Boca FGL printers (raw-printers.spec.ts). Only where the
 * paper is read back differs.
 */
export const PIN = '246813'

/** Calls the host's contract endpoint as the kiosk's own page would (the host's run token). */
export async function contract<T>(host: HostProcess, channel: string, body: unknown = {}): Promise<T> {
  const answer = await fetch(new URL(`ipc/${channel}`, host.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const reply = (await answer.json()) as { ok: boolean; value: T; error?: unknown }
  if (!reply.ok) throw new Error(`${channel} refused: ${JSON.stringify(reply.error)}`)
  return reply.value
}

/** A kiosk host (`env`: FOYER_PRINTER, as an installer sets it) whose staff screens open with PIN. */
export async function startPrinterKiosk(env: Record<string, string> = {}): Promise<HostProcess> {
  const host = await startHostProcess(env)
  // Staff screens behind the PIN: set the way staff would, over the host's contract endpoint.
  await contract(host, 'staff.setPin', { name: 'Supervisor', newPin: PIN, enrolmentCode: E2E_ENROLMENT_CODE })
  return host
}

/** The attract screen says the kiosk cannot print, and nobody can start a sale (so no card is taken). */
export async function cannotStart(page: Page): Promise<void> {
  const start = page.getByTestId('touch-to-start')
  await expect(page.getByTestId('printer-out-of-service')).toContainText('This kiosk cannot print tickets right now — please use the box office')
  await expect(start).toBeDisabled()
  await start.click({ force: true })
  await expect(page.getByTestId('attract-screen')).toBeVisible()
  await expect(page.getByTestId('events-screen')).toHaveCount(0)
}

/** Paper loaded: the attract screen comes back by itself (main asks the printer every 10 s while idle). */
export async function backByItself(page: Page): Promise<void> {
  // Generous, for a machine three times slower.
  await expect(page.getByTestId('printer-out-of-service')).toHaveCount(0, { timeout: 60_000 })
  await expect(page.getByTestId('touch-to-start')).toBeEnabled()
}

/** From the attract screen: two seats at Kannagi, printed here, paid with the approving test card; answers the booking reference. */
export async function buyTwo(page: Page): Promise<string> {
  await twoSeatsToDelivery(page)
  await page.getByTestId('payment-VISA').click()
  return payAndReference(page)
}

/**
 * From the attract screen of a kiosk selling e-tickets only (its printer cannot print, the setting on): the
 * delivery step says so and offers e-tickets alone; two seats at Kannagi as e-tickets to `email`, paid with
 * the approving test card. Answers the booking reference.
 */
export async function buyTwoEtickets(page: Page, email: string): Promise<string> {
  await twoSeatsToDelivery(page)
  await expect(page.getByTestId('delivery-etickets-only')).toHaveText('The printer here cannot print right now, so tickets are sent only as e-tickets to your e-mail.')
  await expect(page.getByTestId('delivery-ETICKET')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('delivery-PRINT_ON_SITE')).toHaveCount(0)
  await page.getByTestId('payment-VISA').click()
  await page.getByTestId('patron-email').fill(email)
  await page.getByTestId('patron-email-again').fill(email)
  return payAndReference(page)
}

/** From the attract screen to the delivery step with two seats at Kannagi in the basket. */
async function twoSeatsToDelivery(page: Page): Promise<void> {
  await page.getByTestId('touch-to-start').click()
  await page.getByTestId('event-search').fill('Kannagi')
  await page.getByTestId('event-list').getByRole('button', { name: /Kannagi/ }).click()
  await page.getByTestId('show-list').getByRole('button', { name: 'Choose' }).first().click()
  await mapReady(page)
  await page.getByTestId('section-list').getByRole('button', { name: /Stalls Centre/ }).click()
  await page.getByTestId('find-seats').click()
  await page.getByTestId('keep-set-0').click()
  await page.getByTestId('seats-continue').click()
  await page.getByTestId('tickets-continue').click()
}

/** From the delivery step, its choices made: on to review, paid with the approving test card; answers the booking reference. */
async function payAndReference(page: Page): Promise<string> {
  await page.getByTestId('delivery-continue').click()
  await page.getByTestId('review-pay').click()
  await page.getByTestId('test-card-approve').click()
  await expect(page.getByTestId('done-screen')).toBeVisible({ timeout: 60_000 })
  return /FY\d{14}/.exec((await page.getByTestId('done-reference').textContent())!)![0]
}

/** Paid but not all printed: the customer sees their reference as text and a QR that scans to it, and what to do. */
export async function referenceForTheBoxOffice(page: Page, reference: string): Promise<void> {
  await expect(page.getByTestId('done-not-printed')).toContainText('Show your booking reference at the box office')
  const atBoxOffice = page.getByTestId('done-show-at-box-office')
  await expect(atBoxOffice).toContainText(reference)
  await expect(atBoxOffice).toContainText('Show this at the box office')
  const qr = atBoxOffice.getByRole('img', { name: `QR code of booking reference ${reference}` })
  expect(scannedPng(await qr.screenshot())).toBe(reference)
}

/** Staff, signed in from the attract screen, find the sale needing a reprint and reprint it; resolves once it has left the list. */
export async function staffReprint(page: Page, reference: string): Promise<void> {
  await page.getByTestId('staff-entry').click()
  for (const digit of PIN) await page.getByTestId(`pin-${digit}`).click()
  await page.getByTestId('pin-enter').click()
  const sale = page.getByTestId(`attention-${reference}`)
  await expect(sale).toContainText('Reprint the missing ones here')
  await sale.getByTestId(`reprint-${reference}`).click()
  await expect(sale).toHaveCount(0, { timeout: 60_000 })
}
