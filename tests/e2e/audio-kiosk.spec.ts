import { join } from 'node:path'
import { existsSync } from 'node:fs'
import { expect, test } from './fixtures'
import { recordSpeech, said, tones } from './audio-recorder'
import { KeypadCustomer } from './audio-customer'
import { contract, PIN, startPrinterKiosk } from './printer-kiosk'
import { RESERVED_EVENT } from './screens'

/**
 * Issue #33: the kiosk a blind customer can use. In Chromium, the portrait
 * kiosk, with a recorder on speechSynthesis: the customer starts audio
 * guidance from the idle screen with a keypad key and buys with ArrowUp,
 * Down, Left, Right, Enter, Escape and the help key (F1) alone, hearing every
 * control the focus lands on, the total before paying, and help on each screen.
 */
test.use({ viewport: { width: 1080, height: 1920 } })

/** The help each screen speaks (access.help.* in en-SG), by its first words. */
const HELP: Record<string, RegExp> = {
  attract: /This is the start screen/,
  events: /You are in the list of events/,
  shows: /Each item is a date and time/,
  seats: /First choose how many tickets/,
  tickets: /Each ticket type has fewer and more/,
  delivery: /Choose how to pay and how to get your tickets/,
  review: /This is your order and its total/,
  checkout: /Pay on the card terminal/,
  done: /You have paid/,
}

test('a customer without sight buys two printed tickets by card in en-SG with the keypad alone', async ({ page, printSpool }) => {
  test.setTimeout(240_000)
  await recordSpeech(page)
  await page.goto(`/#token=${process.env.FOYER_HOST_TOKEN}`)
  await expect(page.getByTestId('touch-to-start')).toBeVisible()
  const customer = new KeypadCustomer(page)
  const help = async (screen: string) => customer.press('F1', { hears: HELP[screen]! })

  // Any key on the idle screen: the welcome, how the keys work, and the first control.
  const welcome = await customer.press('ArrowDown', { landsOn: 'touch-to-start' })
  expect(welcome).toMatch(/^Welcome\. Audio guidance is on\. \| Use the up and down arrows/)
  await help('attract')

  await customer.press('Enter', { landsOn: `event-FY26NOVA9` })
  expect(await customer.heardSince(0)).toContain('Choose an event.')
  await help('events')
  await customer.press('ArrowDown', { landsOn: 'event-FY26HPOMAHLER' })
  // The show named by its date and time, and its place in the list.
  const shows = await customer.press('Enter', { landsOn: 'choose-10003' })
  expect(shows).toMatch(/Choose, \w{3}, \d+ \w{3} 2026, \d+:\d\d pm, Available, button, 1 of 3/)
  await help('shows')
  await customer.press('Enter', { landsOn: 'quantity-less' })
  expect(await customer.heardSince(0)).toContain('Tickets: 2. Fewer tickets, button')
  await help('seats')
  await customer.press('ArrowDown', { landsOn: 'accessible-seating' })
  await customer.pressUntil('ArrowDown', 'section-2002', 3)
  // Choosing the section takes the focus on to the next step.
  await customer.press('Enter', { landsOn: 'find-seats' })
  await customer.press('Enter', { landsOn: 'keep-set-0' })
  expect(await customer.heardSince(0)).toMatch(/Keep these seats, button, Option 1, Row \w+: seats \d+, \d+/)
  await customer.press('Enter', { landsOn: 'seats-continue' })
  await customer.press('Enter', { landsOn: 'tickets-continue' })
  await help('tickets')
  await customer.press('Enter', { landsOn: 'payment-VISA' })
  await help('delivery')
  await customer.press('Enter', { landsOn: 'delivery-continue' })

  // The review says the seats, delivery, payment and the total, before the customer reaches Pay.
  const review = await customer.press('Enter', { landsOn: 'review-pay' })
  const total = (await page.getByTestId('review-total').textContent())!.trim()
  const dollars = /S\$([\d,]+)\./.exec(total)![1]!.replace(/,/g, '')
  expect(review).toMatch(/Row \w+: seats? \d+/)
  expect(review).toContain((await page.getByTestId('review-delivery').textContent())!.split(' · ')[0]!.trim())
  expect(review).toContain('Visa')
  expect(review).toMatch(new RegExp(`Total to pay ${dollars} dollars`))
  expect(review.indexOf(`Total to pay ${dollars} dollars`)).toBeLessThan(review.indexOf('button'))
  await help('review')

  // The payment screen says what to do at the terminal; training's approved card is the first control.
  const paying = await customer.press('Enter', { landsOn: 'test-card-approve' })
  expect(paying).toContain('Tap, insert or swipe your card on the terminal.')
  await help('checkout')
  await customer.press('Enter', { landsOn: 'done-finish' })
  await expect(page.getByTestId('done-printed')).toBeVisible({ timeout: 30_000 })
  const reference = /FY\d{14}/.exec((await page.getByTestId('done-reference').textContent())!)![0]
  expect(await customer.heardSince(0)).toContain(reference)
  await help('done')
  expect(existsSync(join(printSpool, `${reference}-ticket-01.pdf`))).toBe(true)
  expect(existsSync(join(printSpool, `${reference}-ticket-02.pdf`))).toBe(true)

  // Done: back at the start, guidance off for the next customer.
  await customer.press('Enter', { hears: /Audio guidance is off/ })
  await expect(page.getByTestId('attract-screen')).toBeVisible()
  await expect(page.getByTestId('toggle-speech')).toHaveAttribute('aria-pressed', 'false')
  // Well under 120 keys for the whole purchase, every focus move heard.
  expect(customer.keys).toBeLessThan(60)
  console.log(`audio purchase: ${customer.keys} keys, ${customer.spokenMoves} focus moves heard`)
})

test('in zh-CN, a wheelchair space and its companion seat, found in a few keys and said in Chinese', async ({ page }) => {
  test.setTimeout(240_000)
  await recordSpeech(page)
  await page.goto(`/#token=${process.env.FOYER_HOST_TOKEN}`)
  await expect(page.getByTestId('touch-to-start')).toBeVisible()
  const customer = new KeypadCustomer(page)

  await customer.press('ArrowDown', { landsOn: 'touch-to-start' })
  await customer.press('ArrowDown', { landsOn: 'language-en-SG' })
  await customer.press('ArrowRight', { landsOn: 'language-zh-CN' })
  await customer.press('Enter', { landsOn: 'touch-to-start' })
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  expect((await said(page)).at(-1)!.lang).toBe('zh-CN')
  await customer.press('F1', { hears: /这是开始屏幕/ })
  await customer.press('Enter', { landsOn: 'event-FY26NOVA9' })
  await customer.pressUntil('ArrowDown', `event-${RESERVED_EVENT.code}`, 45)
  await customer.press('Enter')
  await expect(page.getByTestId('shows-screen')).toBeVisible()
  await customer.press('F1', { hears: /每一项是此活动的一个日期和时间/ })
  const show = await page.locator(':focus').getAttribute('data-testid')
  await customer.press('Enter', { landsOn: 'quantity-less' })
  expect(show).toMatch(/^choose-/)
  // The wheelchair space: one key down, select, and the search for one is the next step.
  await customer.press('ArrowDown', { landsOn: 'accessible-seating' })
  const chosen = await customer.press('Enter', { landsOn: 'find-seats' })
  expect(chosen).toMatch(/轮椅位, 按钮, 已选中/)
  // One space and its companion seat are offered held: the next step says which they are.
  const offered = await customer.press('Enter', { landsOn: 'seats-continue' })
  expect(offered).toMatch(/轮椅位/)
  expect(offered).toMatch(/陪同/)
  await customer.press('Enter', { landsOn: 'tickets-continue' })
  await customer.press('Enter', { landsOn: 'payment-VISA' })
  await customer.press('Enter', { landsOn: 'delivery-continue' })
  const review = await customer.press('Enter', { landsOn: 'review-pay' })
  expect(review).toMatch(/新元/)
  expect(review).toMatch(/轮椅位/)
  await customer.press('Enter', { landsOn: 'test-card-approve' })
  await customer.press('Enter', { landsOn: 'done-finish' })
  await expect(page.getByTestId('done-printed'), (await said(page)).map((u) => `${u.lang}: ${u.text}`).join('\n')).toBeVisible({ timeout: 30_000 })
  // Back has nowhere to go once paid: said so; Finish ends the session.
  await customer.press('Escape', { hears: /这里无法返回/ })
  await customer.press('Enter', { hears: /语音导览已关闭/ })
  expect(customer.keys).toBeLessThan(120)
  console.log(`zh-CN wheelchair purchase: ${customer.keys} keys`)
})

test('the time-out warning is said and sounds a tone; any key gives more time, longer in audio guidance', async ({ page }) => {
  test.setTimeout(180_000)
  // A kiosk of its own, its quiet time set to the shortest staff may set (10 s), doubled in audio guidance.
  const host = await startPrinterKiosk()
  try {
    await contract(host, 'settings.update', { pin: PIN, patch: { idleSeconds: 10 } })
    await recordSpeech(page)
    await page.goto(host.entry)
    await expect(page.getByTestId('touch-to-start')).toBeVisible()
    const customer = new KeypadCustomer(page)
    await customer.press('ArrowDown', { landsOn: 'touch-to-start' })
    await customer.press('Enter')
    await expect(page.getByTestId('events-screen')).toBeVisible()
    const from = (await said(page)).length
    await expect(page.getByTestId('idle-warning')).toBeVisible({ timeout: 60_000 })
    await expect.poll(() => customer.heardSince(from), { timeout: 10_000 }).toMatch(/Are you still there\?.*Press any key if you need more time/)
    expect((await tones(page)).length).toBeGreaterThan(0)
    await customer.press('ArrowDown', { hears: /You have more time/ })
    await expect(page.getByTestId('idle-warning')).toHaveCount(0)
    await expect(page.getByTestId('events-screen')).toBeVisible()
  } finally {
    await host.stop()
  }
})

test('a search typed on the on-screen keys with the arrows: a grid, each key said, the text said back', async ({ page }) => {
  test.setTimeout(180_000)
  await recordSpeech(page)
  await page.goto(`/#token=${process.env.FOYER_HOST_TOKEN}`)
  await expect(page.getByTestId('touch-to-start')).toBeVisible()
  const customer = new KeypadCustomer(page)
  await customer.press('ArrowDown', { landsOn: 'touch-to-start' })
  await customer.press('Enter', { landsOn: 'event-FY26NOVA9' })
  // Up past the sort order, when and the genres to the search field; its keys open beneath it.
  await customer.pressUntil('ArrowUp', 'event-search', 8)
  await expect(page.getByTestId('on-screen-keyboard')).toBeVisible()
  expect(await customer.press('Enter', { hears: /Press the down arrow to reach the keys/ })).toBeTruthy()
  // Down the rows keeps to the key nearest below: 1, q, a; then along the row to k.
  await customer.press('ArrowDown', { landsOn: 'key-1' })
  await customer.press('ArrowDown', { landsOn: 'key-q' })
  await customer.press('ArrowDown', { landsOn: 'key-a' })
  await customer.pressUntil('ArrowRight', 'key-k', 7)
  await customer.press('Enter', { landsOn: 'key-k', hears: /(^|\| )k( \||$)/ })
  await customer.pressUntil('ArrowLeft', 'key-a', 7)
  await customer.press('Enter', { landsOn: 'key-a', hears: /(^|\| )ka( \||$)/ })
  await customer.press('ArrowDown', { landsOn: 'key-z' })
  await customer.pressUntil('ArrowRight', 'key-n', 5)
  await customer.press('Enter', { landsOn: 'key-n', hears: /(^|\| )kan( \||$)/ })
  await expect(page.getByTestId('event-search')).toHaveValue('kan')
  // Done puts the keys away; the focus goes to the first event found.
  await customer.press('ArrowDown')
  await customer.pressUntil('ArrowRight', 'key-done', 3)
  const found = await customer.press('Enter')
  await expect(page.getByTestId('on-screen-keyboard')).toHaveCount(0)
  expect(found).toContain('Kannagi')
  await expect(page.locator(':focus')).toHaveAttribute('data-testid', /^event-/)
})
