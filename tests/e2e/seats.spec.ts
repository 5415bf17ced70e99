import { expect, holdCount, nextCustomersBestSeats, test } from './fixtures'
import { mapReady } from './screens'

/**
 * Choosing seats through the real renderer, against the sandbox: a section and
 * a quantity, Best Available's two sets side by side, keeping one (the other
 * is given back at once), trying again, and the hold countdown.
 */


test('Best Available: two sets side by side, keep one and the other goes back; try again; countdown', async ({ kiosk, request }, testInfo) => {
  await kiosk.getByTestId('touch-to-start').click()
  await kiosk.getByTestId('event-search').fill('Kopi')
  await kiosk.getByText('Kopi & Kaya: The Musical').click()
  await kiosk.getByTestId('show-list').getByRole('button', { name: 'Choose' }).first().click()
  await expect(kiosk.getByTestId('seats-screen')).toBeVisible()
  await mapReady(kiosk)

  const stalls = kiosk.getByTestId('section-list').getByRole('button', { name: /Stalls Centre/ })
  await stalls.click()
  await expect(stalls).toHaveAttribute('aria-pressed', 'true')
  await kiosk.getByTestId('quantity-more').click()
  await expect(kiosk.getByTestId('quantity')).toHaveText('3')
  await kiosk.getByTestId('quantity-less').click()
  await kiosk.getByTestId('find-seats').click()

  await expect(kiosk.getByTestId('set-0')).toBeVisible()
  await expect(kiosk.getByTestId('set-1')).toBeVisible()
  await expect(kiosk.getByTestId('set-0')).toContainText('Row ')
  await expect(kiosk.getByTestId('hold-countdown')).toContainText('Seats held for 1')
  expect(await holdCount(request)).toBe(4)
  // The map now shows the section's seats with both offered sets.
  await mapReady(kiosk)
  await kiosk.waitForTimeout(300)
  await kiosk.screenshot({ path: testInfo.outputPath('seats-offer-en-SG.png'), fullPage: true })

  const given = (await kiosk.getByTestId('set-0').getAttribute('data-inventory-ids'))!.split(',').map(Number)
  await kiosk.getByTestId('keep-set-1').click()
  await expect(kiosk.getByTestId('set-1')).toHaveClass(/chosen/)
  // The set not kept was given back at once: only the kept two are held...
  await expect.poll(() => holdCount(request)).toBe(2)
  // ...and at the sandbox those seats are free: the next customer is offered exactly them.
  const productId = Number(await kiosk.getByTestId('seats-screen').getAttribute('data-product-id'))
  expect(await nextCustomersBestSeats(request, productId, 'Stalls Centre', 2)).toEqual(given)

  await kiosk.getByTestId('try-again').click()
  await expect(kiosk.getByTestId('keep-set-0')).toBeVisible()
  await expect.poll(() => holdCount(request)).toBe(4)

  // Leaving gives everything back.
  await kiosk.getByTestId('back-to-shows').click()
  await expect(kiosk.getByTestId('shows-screen')).toBeVisible()
  await expect.poll(() => holdCount(request)).toBe(0)
})

test('general admission asks for a quantity only', async ({ kiosk }) => {
  await kiosk.getByTestId('touch-to-start').click()
  await kiosk.getByTestId('genre-food').click()
  // Choose by name: the filtered list replaces the full one asynchronously,
  // so "the first button" could still be a reserved-seating event.
  await kiosk.getByTestId('event-list').getByRole('button', { name: /Satay by the River/ }).click()
  await kiosk.getByTestId('show-list').getByRole('button', { name: 'Choose' }).first().click()
  await expect(kiosk.getByTestId('seats-screen')).toBeVisible()
  await expect(kiosk.getByTestId('ga-note')).toBeVisible()
  await expect(kiosk.getByTestId('find-seats')).toHaveCount(0)
  await expect(kiosk.getByTestId('quantity')).toHaveText('2')
})
