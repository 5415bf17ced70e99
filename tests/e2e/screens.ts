import { randomBytes } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { PRINTED_HERE_DELIVERY } from '../../electron/contract/delivery'
import { E2E_ENROLMENT_CODE, startHostProcess } from './host-process'

/**
 * Every screen of the kiosk, and how to get to it from the attract screen in
 * the language already chosen there. Shared by the accessibility spec and the
 * screenshot spec: adding a screen here adds it to both.
 *
 * Screens are reached by things that do not change with the language (test
 * ids, event codes, a promoter's name the API does not translate), so the same
 * path works in all four languages.
 */
export const kioskLocales = ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'] as const
export type KioskLocale = (typeof kioskLocales)[number]

export interface KioskScreen {
  name: string
  /** From the attract screen to this screen, settled (data shown, maps drawn). */
  reach: (page: Page) => Promise<void>
  /**
   * Needs a browser host of its own (it changes what the shared host keeps,
   * e.g. sets the staff PIN another spec expects to set first).
   */
  ownHost?: boolean
}

/** A reserved-seating musical and a general-admission food fair in the training data. */
export const RESERVED_EVENT = { code: 'FY26KOPIKAYA', promoter: 'Five Foot Way' }
export const GA_EVENT = { code: 'FY26SATAYRIVER', promoter: 'Hawker Heritage' }

/** The seat map has drawn its first picture (a large venue's may take a while on a busy machine). */
export async function mapReady(page: Page): Promise<void> {
  await expect(page.getByTestId('seat-map')).toHaveAttribute('data-seatmap-ready', '1', { timeout: 20_000 })
}

/** From the attract screen to the reserved-seating musical's seat map, by touch (a portrait touch kiosk). */
export async function toReservedSeatsByTouch(page: Page): Promise<void> {
  await page.getByTestId('touch-to-start').tap()
  await page.getByTestId('event-search').fill(RESERVED_EVENT.promoter)
  await page.getByTestId(`event-${RESERVED_EVENT.code}`).tap()
  await page.getByTestId('show-list').locator('button:enabled').first().tap()
  await mapReady(page)
}

/** The seat map has drawn its last frame (a zoom has ended): its frame count stays put. */
export async function mapSettled(page: Page): Promise<void> {
  const renders = async () => Number(await page.getByTestId('seat-map').getAttribute('data-renders'))
  await expect
    .poll(async () => {
      const before = await renders()
      await page.waitForTimeout(400)
      return (await renders()) === before
    })
    .toBe(true)
}

/** The PIN the accessibility spec gives its own host (never the shared one). */
export const OWN_HOST_PIN = '135724'

export async function chooseLanguage(page: Page, locale: KioskLocale): Promise<void> {
  await page.getByTestId(`language-${locale}`).click()
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
}

async function toEvents(page: Page): Promise<void> {
  // A signed-in counter is on the events already; a kiosk starts from the attract screen.
  if (!(await page.getByTestId('counter-bar').isVisible())) await page.getByTestId('touch-to-start').click()
  await expect(page.getByTestId('events-screen')).toBeVisible()
  await expect(page.getByTestId('event-list').getByRole('button').first()).toBeVisible()
}

async function toShowsOf(page: Page, event: { code: string; promoter: string }): Promise<void> {
  await toEvents(page)
  await page.getByTestId('event-search').fill(event.promoter)
  await page.getByTestId(`event-${event.code}`).click()
  await expect(page.getByTestId('shows-screen')).toBeVisible()
  await expect(page.getByTestId('show-list')).toBeVisible()
}

/** The first show that can be chosen (the button of a sellable show is enabled). */
async function toSeatsOf(page: Page, event: { code: string; promoter: string }): Promise<void> {
  await toShowsOf(page, event)
  await page.getByTestId('show-list').locator('button:enabled').first().click()
  await expect(page.getByTestId('seats-screen')).toBeVisible()
}

/** Two seats kept from a Best Available offer at the reserved show, on the tickets step. */
async function toTickets(page: Page): Promise<void> {
  await toSeatsOf(page, RESERVED_EVENT)
  await mapReady(page)
  await page.getByTestId('section-list').locator('button:enabled').first().click()
  await page.getByTestId('find-seats').click()
  await page.getByTestId('keep-set-0').click()
  await page.getByTestId('seats-continue').click()
  await expect(page.getByTestId('tickets-screen')).toBeVisible()
  await expect(page.getByTestId('tickets-continue')).toBeEnabled()
}

async function toDelivery(page: Page): Promise<void> {
  await toTickets(page)
  await page.getByTestId('tickets-continue').click()
  await expect(page.getByTestId('delivery-ETICKET')).toBeVisible()
}

async function toReview(page: Page): Promise<void> {
  await toDelivery(page)
  await page.getByTestId('payment-VISA').click()
  await page.getByTestId('delivery-continue').click()
  await expect(page.getByTestId('review-total')).toBeVisible()
}

async function toCheckout(page: Page): Promise<void> {
  await toReview(page)
  await page.getByTestId('review-pay').click()
  // Paying first places the order at the sandbox (its own process): on a busy machine that takes a while.
  await expect(page.getByTestId('card-payment')).toBeVisible({ timeout: 30_000 })
}

async function typePin(page: Page, pin: string): Promise<void> {
  for (const digit of pin) await page.getByTestId(`pin-${digit}`).click()
  await page.getByTestId('pin-enter').click()
}

export const screens: KioskScreen[] = [
  {
    name: 'attract',
    reach: async (page) => {
      await expect(page.getByTestId('attract-screen')).toBeVisible()
      await expect(page.getByTestId('system-backend')).toBeVisible()
    },
  },
  { name: 'events', reach: toEvents },
  { name: 'shows', reach: (page) => toShowsOf(page, RESERVED_EVENT) },
  {
    name: 'seats-reserved',
    reach: async (page) => {
      await toSeatsOf(page, RESERVED_EVENT)
      await mapReady(page)
      await expect(page.getByTestId('section-list').getByRole('button').first()).toBeVisible()
    },
  },
  {
    name: 'seats-general-admission',
    reach: async (page) => {
      await toSeatsOf(page, GA_EVENT)
      await expect(page.getByTestId('ga-note')).toBeVisible()
    },
  },
  { name: 'tickets', reach: toTickets },
  { name: 'delivery', reach: toDelivery },
  {
    name: 'delivery-eticket',
    reach: async (page) => {
      await toDelivery(page)
      await page.getByTestId('delivery-ETICKET').click()
      await expect(page.getByTestId('patron-email-again')).toBeVisible()
      await expect(page.getByTestId('delivery-guidance')).toBeVisible()
    },
  },
  { name: 'review', reach: toReview },
  {
    name: 'review-remove-asked',
    reach: async (page) => {
      await toReview(page)
      await page.getByTestId('review-lines').locator('article').first().locator('button.remove').click()
      await expect(page.getByTestId('remove-line-keep')).toBeFocused()
    },
  },
  { name: 'checkout', reach: toCheckout },
  {
    name: 'checkout-declined',
    reach: async (page) => {
      await toCheckout(page)
      await page.getByTestId('test-card-decline').click()
      await expect(page.getByTestId('checkout-declined')).toBeVisible()
    },
  },
  {
    name: 'done',
    reach: async (page) => {
      await toCheckout(page)
      await page.getByTestId('test-card-approve').click()
      // Confirm, then printing (the spool printer's Chromium may still be starting on a loaded machine).
      await expect(page.getByTestId('done-tickets').locator('li').first()).toBeVisible({ timeout: 30_000 })
    },
  },
  {
    name: 'staff-pin',
    reach: async (page) => {
      await page.getByTestId('staff-entry').click()
      await expect(page.getByTestId('staff-pin-screen')).toBeVisible()
    },
  },
  {
    name: 'admin-settings',
    ownHost: true,
    reach: async (page) => {
      await page.getByTestId('staff-entry').click()
      await expect(page.getByTestId('staff-pin-screen')).toBeVisible()
      // The spec's own host has had its PIN set (startOwnHost).
      await typePin(page, OWN_HOST_PIN)
      await expect(page.getByTestId('admin-screen')).toBeVisible()
      await expect(page.getByTestId('admin-save')).toBeVisible()
    },
  },
]

/**
 * One walk through every screen of `screens` above, each step going on from
 * where the one before stopped (rather than from the attract screen again),
 * for specs that check each screen: the accessibility tour. A step leaves the
 * page in the state its screen's `reach` does, with the same checks.
 * `atAttract` runs each time the walk is back on the attract screen (first,
 * after a start over, on the own host), as the language and display choices
 * are put back there for the next customer; `openOwnHost` opens the spec's
 * own host's attract screen (for `ownHost` screens).
 */
export interface TourStep {
  /** The name of the screen in `screens` this step reaches. */
  name: string
  next: (page: Page) => Promise<void>
}

export function kioskTour(atAttract: (page: Page) => Promise<void>, openOwnHost: (page: Page) => Promise<void>): TourStep[] {
  const reach = (name: string) => screens.find((s) => s.name === name)!.reach
  const showsOf = async (page: Page, event: { code: string; promoter: string }) => {
    await page.getByTestId('event-search').fill(event.promoter)
    await page.getByTestId(`event-${event.code}`).click()
    await expect(page.getByTestId('shows-screen')).toBeVisible()
    await expect(page.getByTestId('show-list')).toBeVisible()
  }
  const chooseShow = async (page: Page) => {
    await page.getByTestId('show-list').locator('button:enabled').first().click()
    await expect(page.getByTestId('seats-screen')).toBeVisible()
  }
  return [
    { name: 'attract', next: async (page) => { await atAttract(page); await reach('attract')(page) } },
    { name: 'events', next: toEvents },
    {
      name: 'seats-general-admission',
      next: async (page) => {
        await showsOf(page, GA_EVENT)
        await chooseShow(page)
        await expect(page.getByTestId('ga-note')).toBeVisible()
      },
    },
    {
      name: 'shows',
      next: async (page) => {
        await page.getByTestId('back-to-shows').click()
        await page.getByTestId('back-to-events').click()
        await expect(page.getByTestId('events-screen')).toBeVisible()
        await showsOf(page, RESERVED_EVENT)
      },
    },
    {
      name: 'seats-reserved',
      next: async (page) => {
        await chooseShow(page)
        await mapReady(page)
        await expect(page.getByTestId('section-list').getByRole('button').first()).toBeVisible()
      },
    },
    {
      name: 'tickets',
      next: async (page) => {
        await page.getByTestId('section-list').locator('button:enabled').first().click()
        await page.getByTestId('find-seats').click()
        await page.getByTestId('keep-set-0').click()
        await page.getByTestId('seats-continue').click()
        await expect(page.getByTestId('tickets-screen')).toBeVisible()
        await expect(page.getByTestId('tickets-continue')).toBeEnabled()
      },
    },
    {
      name: 'delivery',
      next: async (page) => {
        await page.getByTestId('tickets-continue').click()
        await expect(page.getByTestId('delivery-ETICKET')).toBeVisible()
      },
    },
    {
      name: 'delivery-eticket',
      next: async (page) => {
        await page.getByTestId('delivery-ETICKET').click()
        await expect(page.getByTestId('patron-email-again')).toBeVisible()
        await expect(page.getByTestId('delivery-guidance')).toBeVisible()
      },
    },
    {
      // The same choices the screen list's review makes: the delivery the kiosk offers first (tickets printed here), paid by Visa.
      name: 'review',
      next: async (page) => {
        await page.getByTestId(`delivery-${PRINTED_HERE_DELIVERY}`).click()
        await expect(page.getByTestId('patron-email-again')).toBeHidden()
        await page.getByTestId('payment-VISA').click()
        await page.getByTestId('delivery-continue').click()
        await expect(page.getByTestId('review-total')).toBeVisible()
      },
    },
    {
      name: 'review-remove-asked',
      next: async (page) => {
        await page.getByTestId('review-lines').locator('article').first().locator('button.remove').click()
        await expect(page.getByTestId('remove-line-keep')).toBeFocused()
      },
    },
    {
      name: 'checkout',
      next: async (page) => {
        // Kept: the line stays, and the review goes on as before.
        await page.getByTestId('remove-line-keep').click()
        await expect(page.getByTestId('remove-line-keep')).toBeHidden()
        await expect(page.getByTestId('review-lines').locator('article')).not.toHaveCount(0)
        await page.getByTestId('review-pay').click()
        await expect(page.getByTestId('card-payment')).toBeVisible({ timeout: 30_000 })
      },
    },
    {
      name: 'checkout-declined',
      next: async (page) => {
        await page.getByTestId('test-card-decline').click()
        await expect(page.getByTestId('checkout-declined')).toBeVisible()
      },
    },
    {
      name: 'done',
      next: async (page) => {
        await page.getByTestId('test-card-approve').click()
        await expect(page.getByTestId('done-tickets').locator('li').first()).toBeVisible({ timeout: 30_000 })
      },
    },
    {
      name: 'staff-pin',
      next: async (page) => {
        await page.getByTestId('done-finish').click()
        await expect(page.getByTestId('attract-screen')).toBeVisible()
        await atAttract(page)
        await reach('staff-pin')(page)
      },
    },
    {
      name: 'admin-settings',
      next: async (page) => {
        await openOwnHost(page)
        await atAttract(page)
        await reach('admin-settings')(page)
      },
    },
  ]
}

/**
 * A browser host of the spec's own (memory only, its own sandbox and token,
 * a free port), for screens that change state the shared host's other specs
 * rely on. `url` opens the attract screen with the token.
 */
export interface OwnHost {
  url: string
  close(): Promise<void>
}

export async function startOwnHost(): Promise<OwnHost> {
  const host = await startHostProcess({}, randomBytes(24).toString('base64url'))
  // Staff screens behind the PIN: set it the way staff would, over the host's contract endpoint.
  const answer = await fetch(new URL('ipc/staff.setPin', host.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Supervisor', newPin: OWN_HOST_PIN, enrolmentCode: E2E_ENROLMENT_CODE }),
  })
  const reply = (await answer.json()) as { ok: boolean; value?: { ok: boolean } }
  if (!reply.ok || !reply.value?.ok) throw new Error(`could not set the own host's staff PIN: ${JSON.stringify(reply)}`)
  return { url: host.entry, close: host.stop }
}
