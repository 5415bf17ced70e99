import type { OrderRequest } from '../../electron/contract'
import { call, type Dispatcher } from '../../electron/ipc-core/dispatcher'
import { TrainingTerminal } from '../../electron/payment/training-terminal'
import type { BackendConnection } from '../../electron/services/backend-connection'
import type { ApiRig } from './api-fixtures'
import type { SandboxClient } from './sandbox-client'
import { findShow, isOnSale, sectionsOf } from './sandbox-fixtures'
import { terminalControls } from './terminal-controls'

/** A connection to the rig's sandbox, paid at its simulated Adyen terminal through the real adapter. */
export function sandboxConnection(rig: ApiRig): BackendConnection {
  return {
    endpoints: rig.api.endpoints,
    secret: async () => rig.sandbox.clientSecret,
    holdWindowMs: 900_000,
    terminal: new TrainingTerminal({
      terminal: rig.sandbox.terminal,
      authUrl: rig.sandbox.authUrl,
      clientId: rig.sandbox.clientId,
      secret: async () => rig.sandbox.clientSecret,
    }),
    close: async () => {},
  }
}

/**
 * Lists an event's shows through the contract, as the renderer does before it
 * asks for seats: main sells only shows it listed (their event's sale window
 * is checked on every offer and order, electron/checkout/sale-windows.ts).
 */
export async function listShows(dispatcher: Dispatcher, eventCode: string): Promise<void> {
  const shows = await call(dispatcher, 'catalogue.shows', { code: eventCode, lang: 'EN_SG' })
  if (!shows.ok) throw new Error(shows.error.code)
}

/**
 * Two Standard tickets on two seats kept from a Best Available offer, through
 * the contract as the renderer would, and the order request for them.
 */
export async function heldOrderRequest(dispatcher: Dispatcher, direct: SandboxClient, venue = 'Grand Theatre', section = 'Stalls Centre'): Promise<OrderRequest> {
  const show = await findShow(direct, (s) => s.venue === venue && isOnSale(s) && s.ticketType === 'RS')
  const target = (await sectionsOf(direct, show.productId)).find((s) => s.seatSectionAlias === section)!
  await listShows(dispatcher, show.eventCode)
  const offered = await call(dispatcher, 'offers.request', {
    productId: show.productId,
    priceCategoryId: target.priceCategoryId,
    sectionId: target.seatSectionId,
    mode: 'BA',
    quantity: 2,
  })
  if (!offered.ok) throw new Error(offered.error.code)
  const kept = await call(dispatcher, 'offers.keep', { offerId: offered.value.offerId, setIndex: 0 })
  if (!kept.ok) throw new Error(kept.error.code)
  const classes = await call(dispatcher, 'pricing.ticketTypes', { productId: show.productId, priceCategoryId: target.priceCategoryId })
  if (!classes.ok) throw new Error(classes.error.code)
  const standard = classes.value.find((c) => c.code === 'A')!
  const perTicket = Math.round(standard.unitPrice.amount * 100) + standard.fees.reduce((sum, f) => sum + Math.round(f.charge.amount * 100), 0)
  return {
    // The customer's own e-mail: a self-service kiosk sends e-tickets nowhere else (checkout-handlers.ts).
    patron: { email: 'mei.tan@example.com' },
    items: [
      {
        productId: show.productId,
        sectionId: target.seatSectionId,
        priceCategoryId: target.priceCategoryId,
        mode: 'BA',
        inventoryIds: kept.value.kept,
        lines: [{ priceClassCode: 'A', quantity: 2 }],
      },
    ],
    deliveryMethodCode: 'ETICKET',
    paymentMethodCode: 'VISA',
    totalAmount: (perTicket * 2) / 100,
  }
}

/**
 * What the simulated terminal did, read from its own journal (the test's view
 * of what was charged): each payment by Foyer's key (its sale transaction id).
 */
export async function terminalLedger(rig: ApiRig): Promise<{ key: string; state: string; amountCents: number }[]> {
  const transactions = await terminalControls(rig.sandbox, rig.direct).transactions()
  return transactions.map(({ transactionId, state, amountCents }) => ({ key: transactionId, state, amountCents }))
}
