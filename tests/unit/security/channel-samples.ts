import { randomUUID } from 'node:crypto'
import type { ChannelName } from '../../../electron/contract'
import type { SandboxClient } from '../../support/sandbox-client'
import { findShow, isOnSale, sectionsOf } from '../../support/sandbox-fixtures'
import { countOf } from '../../support/cash-count'

/**
 * One well-formed request per channel, for a show the sandbox sells: the fuzz
 * breaks each in every way, and the leak test sends them as they are. Ids that
 * only exist mid-sale (offers, sales) are fresh UUIDs here: well-formed, known
 * to nobody. A channel missing from this table is still fuzzed with arbitrary
 * payloads; its well-formed request falls back to `{}`.
 */
export const STAFF_PIN = '482615'

export async function channelSamples(direct: SandboxClient): Promise<Partial<Record<ChannelName, Record<string, unknown>>>> {
  const show = await findShow(direct, (s) => s.venue === 'Grand Theatre' && isOnSale(s) && s.ticketType === 'RS')
  const section = (await sectionsOf(direct, show.productId))[0]!
  const { productId } = show
  const { priceCategoryId, seatSectionId: sectionId } = section
  const order = {
    patron: { email: 'boxoffice@foyer-training.invalid', firstName: 'Mei', lastName: 'Tan' },
    items: [{ productId, sectionId, priceCategoryId, mode: 'BA', inventoryIds: [productId * 100_000 + 1], lines: [{ priceClassCode: 'A', quantity: 1 }] }],
    deliveryMethodCode: 'ETICKET',
    paymentMethodCode: 'VISA',
    totalAmount: 10,
  }
  return {
    'system.info': {},
    'system.screen': { screen: 'events' },
    'printer.status': { check: true },
    'catalogue.events': { lang: 'EN_SG', page: 0, size: 5, search: 'Kopi', sort: 'title', descending: false },
    'catalogue.shows': { code: show.eventCode, lang: 'EN_SG', startDate: '20260101', numOfDays: 30 },
    'seatmap.overview': { productId },
    'seatmap.availability': { productId },
    'offers.request': { productId, priceCategoryId, sectionId, mode: 'BA', quantity: 1, twoD: true },
    'offers.keep': { offerId: randomUUID(), setIndex: 0 },
    'offers.release': { productId, inventoryIds: [productId * 100_000 + 1] },
    'holds.status': {},
    'holds.releaseAll': {},
    'kiosk.audioGuidance': { on: true },
    'pricing.ticketTypes': { productId, priceCategoryId },
    'cart.deliveryMethods': { items: [{ productId, priceCategoryId, mode: 'BA', priceClassCodes: ['A'] }] },
    'cart.paymentMethods': { productIds: [productId] },
    'images.get': { path: `images/events/${show.eventCode}.svg` },
    'checkout.terminal': {},
    'checkout.submit': { order },
    'checkout.pay': { saleId: randomUUID(), tender: 'card', testCard: 'approve' },
    'checkout.reprint': { saleId: randomUUID(), what: 'receipt' },
    'checkout.cancel': { saleId: randomUUID() },
    'checkout.refund': { saleId: randomUUID(), approvalPin: STAFF_PIN },
    'checkout.abortPayment': { saleId: randomUUID() },
    'checkout.outcome': { saleId: randomUUID() },
    'shift.sales': {},
    'shift.current': {},
    'shift.open': { floatCents: 10_000 },
    'shift.close': { count: countOf(10_000), approvalPin: STAFF_PIN },
    'shift.print': { kind: 'X' },
    'sales.find': { code: '0000000000000000' },
    'counter.signIn': { name: 'Supervisor', pin: STAFF_PIN },
    'counter.signOut': {},
    'counter.stillHere': {},
    'counter.whoIsIn': {},
    'counter.usePrinter': { printer: 'system' },
    'staff.accounts': { pin: STAFF_PIN },
    'staff.addAccount': { pin: STAFF_PIN, name: 'Aisha Rahman', role: 'cashier', newPin: '135790' },
    'staff.disableAccount': { pin: STAFF_PIN, staffId: randomUUID() },
    'staff.resetPin': { pin: STAFF_PIN, staffId: randomUUID(), newPin: '135790' },
    'staff.salesNeedingAttention': { pin: STAFF_PIN },
    'staff.resolveSale': { pin: STAFF_PIN, saleId: randomUUID(), how: 'seen' },
    'staff.reprintSale': { pin: STAFF_PIN, saleId: randomUUID() },
    'staff.verify': { pin: STAFF_PIN },
    'staff.setPin': { currentPin: STAFF_PIN, newPin: STAFF_PIN },
    'settings.get': {},
    'settings.update': { pin: STAFF_PIN, patch: { idleSeconds: 90 } },
    'credentials.store': { pin: STAFF_PIN, backend: 'staging', clientSecret: 'not-the-secret' },
    'credentials.test': { pin: STAFF_PIN, backend: 'sandbox' },
    'terminal.storePassphrase': { pin: STAFF_PIN, passphrase: 'not-the-passphrase' },
    'terminal.test': { pin: STAFF_PIN },
    'printer.test': { pin: STAFF_PIN },
  }
}
