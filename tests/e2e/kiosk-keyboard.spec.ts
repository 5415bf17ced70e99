import AxeBuilder from '@axe-core/playwright'
import { randomBytes } from 'node:crypto'
import { E2E_ENROLMENT_CODE, expect, openCounter, test, type Page } from './fixtures'
import { startHostProcess } from './host-process'
import { mapReady, RESERVED_EVENT } from './screens'

/**
 * A lobby kiosk has no keyboard (issue #22): every text field a customer or a
 * member of staff types into has on-screen keys of its own. Here, on the
 * portrait self-service kiosk with a touch screen, nothing is typed but by
 * tapping those keys (no fill, no keyboard.type): an event search, a Chinese
 * title found by its pinyin in the zh-CN kiosk, the e-tickets' e-mail typed
 * twice, and a fresh kiosk's enrolment code and first supervisor's name (who
 * then adds a cashier, name and PIN, and changes settings on the same keys).
 * The counter, last, keeps its real keyboard and has no keys on screen.
 */
test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: true })

/** The zh-CN training data's lawn concert: 'Rock & Roll "Live"：河畔草地摇滚夜'. */
const LAWN = 'FY26ROCKLAWN'

/** The open keys, tapped one by one for each character of `text` (a space is the space bar). */
async function tapKeys(page: Page, text: string): Promise<void> {
  const keys = page.getByTestId('on-screen-keyboard')
  await expect(keys).toBeVisible()
  for (const character of text) await keys.getByTestId(`key-${character === ' ' ? 'space' : character}`).tap()
}

/** A field tapped, its own keys open beneath it, and the keys of the field before put away (once the tap has landed). */
async function tapField(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).tap()
  await expect(page.locator('.keyboard-field').filter({ has: page.getByTestId(testId) }).getByTestId('on-screen-keyboard')).toBeVisible()
  await expect(page.getByTestId('on-screen-keyboard')).toHaveCount(1)
}

/** No violation axe rates serious or critical, with the keys open (as tests/e2e/accessibility.spec.ts checks every screen). */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), label).toEqual([])
}

test('an event search typed on the on-screen keys: large keys, the field takes them, Done puts them away', async ({ kiosk }) => {
  await kiosk.getByTestId('touch-to-start').tap()
  await expect(kiosk.getByTestId('event-list').getByRole('button').first()).toBeVisible()
  await tapField(kiosk, 'event-search')

  // Every key a touch target of at least 48 px each way.
  const keys = kiosk.getByTestId('on-screen-keyboard').getByRole('button')
  expect(await keys.count()).toBeGreaterThan(36)
  for (const box of await keys.evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect()))) {
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(48)
  }
  await expectAccessible(kiosk, 'the events screen with its keys open')

  // A slip, put right with the delete key.
  await tapKeys(kiosk, 'five foox')
  await kiosk.getByTestId('on-screen-keyboard').getByRole('button', { name: 'Delete the last letter' }).tap()
  await tapKeys(kiosk, 't')
  await expect(kiosk.getByTestId('event-search')).toHaveValue('five foot')
  await expect(kiosk.getByTestId(`event-${RESERVED_EVENT.code}`)).toBeVisible()

  await kiosk.getByTestId('on-screen-keyboard').getByTestId('key-done').tap()
  await expect(kiosk.getByTestId('on-screen-keyboard')).toHaveCount(0)
  await kiosk.getByTestId(`event-${RESERVED_EVENT.code}`).tap()
  await expect(kiosk.getByTestId('shows-screen')).toBeVisible()
})

test('in the zh-CN kiosk, pinyin typed on the same keys finds a Chinese title, and the screen says how', async ({ kiosk }) => {
  await kiosk.getByTestId('touch-to-start').tap()
  await kiosk.getByTestId('language-zh-CN').tap()
  await expect(kiosk.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await expect(kiosk.getByTestId('event-list').getByRole('button').first()).toBeVisible()
  await tapField(kiosk, 'event-search')
  await expect(kiosk.getByTestId('on-screen-keyboard')).toHaveAttribute('aria-label', '屏幕键盘')

  // The syllables in full: the API searched too, the title read as pinyin listed first.
  await tapKeys(kiosk, 'yaogun')
  await expect(kiosk.getByTestId('search-pinyin')).toContainText('拼音为“yaogun”')
  await expect(kiosk.getByTestId('event-list').getByRole('button').first()).toHaveAttribute('data-testid', `event-${LAWN}`)
  await expect(kiosk.getByTestId(`event-${LAWN}`)).toContainText('摇滚')
  await expectAccessible(kiosk, 'a pinyin search in zh-CN, its keys open')

  // Their first letters: too short for the API, so the titles listed that read so.
  for (let i = 0; i < 'yaogun'.length; i++) await kiosk.getByTestId('on-screen-keyboard').getByTestId('key-backspace').tap()
  await tapKeys(kiosk, 'yg')
  await expect(kiosk.getByTestId('event-search')).toHaveValue('yg')
  await expect(kiosk.getByTestId('search-pinyin')).toContainText('拼音为“yg”')
  await expect(kiosk.getByTestId(`event-${LAWN}`)).toBeVisible()
  await kiosk.getByTestId(`event-${LAWN}`).tap()
  await expect(kiosk.getByTestId('shows-screen')).toBeVisible()
})

test('the e-tickets’ e-mail is typed twice on the keys, with its @ and ending', async ({ kiosk }) => {
  await kiosk.getByTestId('touch-to-start').tap()
  await expect(kiosk.getByTestId('event-list').getByRole('button').first()).toBeVisible()
  await tapField(kiosk, 'event-search')
  await tapKeys(kiosk, 'five foot')
  await kiosk.getByTestId(`event-${RESERVED_EVENT.code}`).tap()
  await kiosk.getByTestId('show-list').locator('button:enabled').first().tap()
  await mapReady(kiosk)
  await kiosk.getByTestId('section-list').locator('button:enabled').first().tap()
  await kiosk.getByTestId('find-seats').tap()
  await kiosk.getByTestId('keep-set-0').tap()
  await kiosk.getByTestId('seats-continue').tap()
  await expect(kiosk.getByTestId('tickets-continue')).toBeEnabled()
  await kiosk.getByTestId('tickets-continue').tap()
  await kiosk.getByTestId('payment-VISA').tap()
  await kiosk.getByTestId('delivery-ETICKET').tap()

  await tapField(kiosk, 'patron-email')
  await expect(kiosk.getByTestId('on-screen-keyboard')).toHaveAttribute('data-layout', 'email')
  await tapKeys(kiosk, 'mei.ling@example')
  await kiosk.getByTestId('on-screen-keyboard').getByTestId('key-.com').tap()
  await expect(kiosk.getByTestId('patron-email')).toHaveValue('mei.ling@example.com')
  await expectAccessible(kiosk, 'the e-ticket e-mail, its keys open')

  // The second field opens keys of its own (the first's are put away); its ending, .sg, typed wrongly first.
  await tapField(kiosk, 'patron-email-again')
  await tapKeys(kiosk, 'mei.ling@example')
  await kiosk.getByTestId('on-screen-keyboard').getByTestId('key-.sg').tap()
  await expect(kiosk.getByTestId('delivery-guidance')).toContainText('are not the same')
  for (let i = 0; i < '.sg'.length; i++) await kiosk.getByTestId('on-screen-keyboard').getByTestId('key-backspace').tap()
  await kiosk.getByTestId('on-screen-keyboard').getByTestId('key-.com').tap()
  await expect(kiosk.getByTestId('patron-email-again')).toHaveValue('mei.ling@example.com')

  await expect(kiosk.getByTestId('delivery-continue')).toBeEnabled()
  await kiosk.getByTestId('delivery-continue').tap()
  await expect(kiosk.getByTestId('review-total')).toBeVisible()
})

test('a fresh kiosk’s enrolment code and first supervisor’s name are typed on the keys, then a cashier and settings', async ({ page }) => {
  // A kiosk of its own, never enrolled (the shared host's first supervisor is another spec's).
  const host = await startHostProcess({}, randomBytes(24).toString('base64url'))
  try {
    await page.goto(host.entry)
    await page.getByTestId('staff-entry').tap()
    await expect(page.getByTestId('enrolment-code')).toBeVisible()

    await tapField(page, 'enrolment-code')
    await expect(page.getByTestId('on-screen-keyboard')).toHaveAttribute('data-layout', 'code')
    await tapKeys(page, E2E_ENROLMENT_CODE)
    await expect(page.getByTestId('enrolment-code')).toHaveValue(E2E_ENROLMENT_CODE)
    await expectAccessible(page, 'the enrolment code, its keys open')

    // A name starts in capitals, and each word after a space.
    await tapField(page, 'enrolment-name')
    await tapKeys(page, 'Mei Ling')
    await expect(page.getByTestId('enrolment-name')).toHaveValue('Mei Ling')

    await page.getByTestId('enrolment-next').tap()
    for (let entry = 0; entry < 2; entry++) {
      for (const digit of '482193') await page.getByTestId(`pin-${digit}`).tap()
      await page.getByTestId('pin-enter').tap()
    }
    await expect(page.getByTestId('admin-screen')).toBeVisible()
    await expect(page.getByTestId('staff-account-Mei Ling')).toBeVisible()

    // The supervisor adds a cashier on the same keys: a name, and a PIN on a pad of digits.
    await tapField(page, 'staff-add-name')
    await tapKeys(page, 'Aisha Rahman')
    await tapField(page, 'staff-add-pin')
    await expect(page.getByTestId('on-screen-keyboard')).toHaveAttribute('data-layout', 'digits')
    await tapKeys(page, '739104')
    await expect(page.getByTestId('staff-add-pin')).toHaveValue('739104')
    await page.getByTestId('staff-add').tap()
    await expect(page.getByTestId('staff-account-Aisha Rahman')).toBeVisible()

    // The settings too: a number of minutes on the digits, a vendor's tenant on keys with signs.
    await tapField(page, 'hold-window')
    for (let i = 0; i < 2; i++) await page.getByTestId('on-screen-keyboard').getByTestId('key-backspace').tap()
    await tapKeys(page, '20')
    await expect(page.getByTestId('hold-window')).toHaveValue('20')
    await tapField(page, 'staging-tenant')
    await expect(page.getByTestId('on-screen-keyboard')).toHaveAttribute('data-layout', 'text')
    await tapKeys(page, 'foyer-sg_1')
    await expect(page.getByTestId('staging-tenant')).toHaveValue('foyer-sg_1')
    await expectAccessible(page, 'the staff settings, a tenant’s keys open')
  } finally {
    await host.stop()
  }
})

test('the counter keeps its real keyboard: no on-screen keys, and the search takes the keys typed', async ({ page, request, counterHostUrl }) => {
  await openCounter(page, request, counterHostUrl, true)
  await page.getByTestId('event-search').click()
  await page.keyboard.type('five foot')
  await expect(page.getByTestId(`event-${RESERVED_EVENT.code}`)).toBeVisible()
  await expect(page.getByTestId('on-screen-keyboard')).toHaveCount(0)
})
