import { expect, holdCount, nextCustomersBestSeats, test } from './fixtures'

/**
 * The self-service idle reset, with Playwright's clock instead of waiting:
 * after the quiet time a warning counts down; "I'm still here" keeps the sale;
 * silence gives every hold back and returns to the attract screen.
 */


test('idle: warning after the quiet time, "still here" keeps the seats, silence releases them and resets', async ({ page, request }) => {
  await page.clock.install()
  await page.goto(`/#token=${process.env.FOYER_HOST_TOKEN}`)
  await page.getByTestId('touch-to-start').click()
  await page.getByTestId('event-search').fill('Kopi')
  await page.clock.runFor(400) // the search waits for typing to pause
  await page.getByText('Kopi & Kaya: The Musical').click()
  await page.getByTestId('show-list').getByRole('button', { name: 'Choose' }).first().click()
  await page.getByTestId('section-list').getByRole('button', { name: /Stalls Centre/ }).click()
  await page.getByTestId('find-seats').click()
  await expect(page.getByTestId('set-0')).toBeVisible()
  await expect.poll(() => holdCount(request)).toBe(4)
  const productId = Number(await page.getByTestId('seats-screen').getAttribute('data-product-id'))
  const offered = (await page.getByTestId('set-0').getAttribute('data-inventory-ids'))!.split(',').map(Number)

  await page.clock.fastForward(61_000)
  await expect(page.getByTestId('idle-warning')).toBeVisible()
  await expect(page.getByTestId('idle-seconds')).toContainText('20 seconds')
  await page.getByTestId('idle-stay').click()
  await expect(page.getByTestId('idle-warning')).toHaveCount(0)
  expect(await holdCount(request)).toBe(4)

  await page.clock.fastForward(61_000)
  await expect(page.getByTestId('idle-warning')).toBeVisible()
  await page.clock.runFor(21_000) // every second of the countdown, in order
  await expect(page.getByTestId('attract-screen')).toBeVisible()
  await expect.poll(() => holdCount(request)).toBe(0)
  // Nothing is left held at the sandbox: the next customer is offered the same best seats.
  expect(await nextCustomersBestSeats(request, productId, 'Stalls Centre', 2)).toEqual(offered)
  // The next customer starts in the kiosk's default language.
  await expect(page.getByTestId('touch-to-start')).toHaveText('Touch to start')
})
