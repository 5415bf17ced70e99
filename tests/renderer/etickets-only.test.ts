import { flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import type { DeliveryMethod, PrinterStateView, SettingsView, Show } from '../../electron/contract'
import { STATION_DEFAULTS } from '../../electron/contract'
import type { CartLine } from '../../renderer/src/cart/cart-line'
import { useCartStore } from '../../renderer/src/stores/cart'
import { useDeliveryStore } from '../../renderer/src/stores/delivery'
import { mountApp, unmountApp, type MountedApp } from '../support/mount-app'

/**
 * A self-service kiosk whose printer cannot print, where the venue's settings
 * say to sell e-tickets only then (#24): the attract screen says so in words
 * and lets the customer start, and the delivery step offers e-tickets alone
 * and says why; printed tickets come back by themselves once the printer is
 * ready. The setting and the printer's state reach the screens as main pushes
 * them (settings.changed after staff save, printer.changed as main hears the
 * printer). Main's own refusal: tests/unit/checkout/etickets-only.test.ts.
 */
afterEach(() => {
  unmountApp()
})

const cannotPrint: PrinterStateView = { state: 'cannot-print', problems: ['no-paper'], printer: 'Ticket printer (IPP, localhost:631)', kind: 'ipp' }
const ready: PrinterStateView = { ...cannotPrint, state: 'ready', problems: [] }

/** The settings as main pushes them after staff save, with the e-tickets-only choice as given. */
const settings = (eticketsWhenCannotPrint: boolean): SettingsView => ({
  mode: 'self-service',
  backend: 'sandbox',
  holdWindowMinutes: 15,
  idleSeconds: 60,
  pinSet: true,
  cashToleranceCents: 500,
  counterLockMinutes: 5,
  eticketsWhenCannotPrint,
  languages: ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'],
  audioTimeFactor: 2,
  terminalPlace: 'unset',
  ...STATION_DEFAULTS,
  boxOfficeEmail: 'boxoffice@foyer-training.invalid',
  patronDataDays: 30,
  backends: { staging: null, production: null },
  updates: { enabled: true, feedUrl: null, checkEveryMinutes: 240, onTraining: false },
  terminal: null,
  printer: { kind: 'ipp', address: 'localhost:631', queue: 'ipp/print' },
})

async function kiosk(eticketsWhenCannotPrint: boolean): Promise<MountedApp> {
  const app = await mountApp()
  app.services.pushes.publish('settings.changed', settings(eticketsWhenCannotPrint))
  app.services.pushes.publish('printer.changed', cannotPrint)
  await flushPromises()
  return app
}

const start = (app: MountedApp) => app.root.querySelector<HTMLButtonElement>('[data-testid="touch-to-start"]')!

describe('the attract screen of a kiosk that cannot print', () => {
  it('with e-tickets allowed: says it sells e-tickets only, in the customer language, and lets them start; ready again: as usual', async () => {
    const app = await kiosk(true)
    expect(app.text('printer-out-of-service')).toBeUndefined()
    expect(app.text('printer-etickets-only')).toContain('This kiosk cannot print right now — it sells e-tickets only')
    expect(app.text('printer-etickets-only')).toContain('For printed tickets, please use the box office.')
    expect(start(app).disabled).toBe(false)
    await app.click('language-zh-HK')
    expect(app.text('printer-etickets-only')).toContain('本自助機暫時未能列印，現只出售電子門票')
    await app.click('language-zh-CN')
    expect(app.text('printer-etickets-only')).toContain('本自助机暂时无法打印，现仅出售电子门票')
    await app.click('language-ms-MY')
    expect(app.text('printer-etickets-only')).toContain('Kiosk ini tidak dapat mencetak sekarang — ia menjual e-tiket sahaja')

    app.services.pushes.publish('printer.changed', ready)
    await flushPromises()
    expect(app.text('printer-etickets-only')).toBeUndefined()
    expect(start(app).disabled).toBe(false)
  })

  it('with the setting off: out of service, as before', async () => {
    const app = await kiosk(false)
    expect(app.text('printer-etickets-only')).toBeUndefined()
    expect(app.text('printer-out-of-service')).toContain('This kiosk cannot print tickets right now — please use the box office')
    expect(start(app).disabled).toBe(true)
  })
})

const offered: DeliveryMethod[] = [
  { code: 'PRINT_ON_SITE', order: 1, addressRequired: false },
  { code: 'ETICKET', order: 2, addressRequired: false },
  { code: 'BOX_OFFICE_COLLECTION', order: 3, addressRequired: false },
] as DeliveryMethod[]

/** A basket line as the seats screen leaves it (the delivery step only needs there to be one). */
const line = { id: 1, eventCode: 'KANNAGI', show: { productId: 1 } as Show, sectionId: 1, sectionAlias: 'Stalls Centre', levelAlias: null, priceCategoryId: 1, priceCategoryAlias: null, mode: 'BA', seats: [], quantity: 2, priceClasses: [], tickets: {} } as CartLine

describe('the delivery step of a kiosk that cannot print, e-tickets allowed', () => {
  it('offers e-tickets alone and says why; printed tickets come back by themselves when the printer is ready', async () => {
    const app = await kiosk(true)
    useCartStore().lines = [line]
    await app.router.push({ name: 'delivery' })
    await flushPromises()
    const delivery = useDeliveryStore()
    delivery.offer(offered)
    await flushPromises()
    const choices = () => [...app.root.querySelectorAll('[data-testid^="delivery-"][data-testid$="ON_SITE"], [data-testid^="delivery-"][data-testid$="ETICKET"], [data-testid^="delivery-"][data-testid$="COLLECTION"]')].map((e) => e.getAttribute('data-testid'))
    expect(app.text('delivery-etickets-only')).toBe('The printer here cannot print right now, so tickets are sent only as e-tickets to your e-mail.')
    expect(delivery.methods.map((m) => m.code)).toEqual(['ETICKET'])
    expect(delivery.code).toBe('ETICKET')
    expect(choices()).toEqual(['delivery-ETICKET'])
    // E-tickets ask for the customer's e-mail, as e-ticket delivery always does.
    expect(app.find('eticket-email')).not.toBeNull()

    app.services.pushes.publish('printer.changed', ready)
    await flushPromises()
    expect(app.text('delivery-etickets-only')).toBeUndefined()
    expect(delivery.methods.map((m) => m.code)).toEqual(['PRINT_ON_SITE', 'ETICKET', 'BOX_OFFICE_COLLECTION'])
    expect(choices()).toEqual(['delivery-PRINT_ON_SITE', 'delivery-ETICKET', 'delivery-BOX_OFFICE_COLLECTION'])
  })
})
