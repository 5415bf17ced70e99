import type { SandboxClient } from './sandbox-client'

/** A show as the sandbox lists it, with what the tests need to sell it. */
export interface ShowFixture {
  eventCode: string
  venue: string
  productId: number
  availabilityStatus: number
  ticketType: 'GA' | 'RS'
  showDate: string
}

export interface SectionFixture {
  seatSectionId: number
  priceCategoryId: number
  seatSectionAlias: string
  amount: number
}

/** Every show of every listed event, through the API (events list, then each event's shows). */
export async function allShows(client: SandboxClient): Promise<ShowFixture[]> {
  const shows: ShowFixture[] = []
  const events = (await client.get('/icc', { size: 100 })).body.content as { internetContentCode: string; venue: string }[]
  for (const event of events) {
    const detail = await client.get(`/icc/${event.internetContentCode}`)
    for (const show of detail.body.showTimingList as Omit<ShowFixture, 'eventCode'>[]) {
      shows.push({ ...show, eventCode: event.internetContentCode, venue: event.venue })
    }
  }
  return shows
}

export async function findShow(client: SandboxClient, test: (show: ShowFixture) => boolean): Promise<ShowFixture> {
  const show = (await allShows(client)).find(test)
  if (!show) throw new Error('no show in the training data matches')
  return show
}

/** The sections of a show from its overview seat map, in overview order. */
export async function sectionsOf(client: SandboxClient, productId: number): Promise<SectionFixture[]> {
  const overview = (await client.get(`/products/${productId}/seatmap/overview`)).body
  return overview.seatSectionList.flatMap((category: any) =>
    (category.SeatLevel ?? category.seatLevel).map((level: any) => ({
      seatSectionId: level.seatSectionId,
      priceCategoryId: level.priceCategoryId,
      seatSectionAlias: level.seatSectionAlias,
      amount: level.price.amount,
    })),
  )
}

export const isOnSale = (show: ShowFixture) => show.availabilityStatus === 19 || show.availabilityStatus === 18

/**
 * Places a pre-payment order for seats the client holds from a Hot Show or
 * Best Available offer, as adult tickets, priced from the show's ticket types.
 * Answers the sandbox's answer (200 with the order, or 400 with why not).
 */
export async function orderHeldSeats(
  client: SandboxClient,
  where: { productId: number; seatSectionId: number; priceCategoryId: number },
  ids: readonly number[],
) {
  const classes = (await client.get(`/products/${where.productId}/tickettype`, { priceCatId: where.priceCategoryId })).body as any[]
  const adult = classes.find((c) => c.priceClassCode === 'A')
  const unit = Math.round(adult.priceValueAmount.amount * 100) + adult.feeList.reduce((n: number, f: any) => n + Math.round(f.charge.amount * 100), 0)
  return client.post('/orders/', {
    patronInfo: { patronType: 'G', email: 'walkup@boxoffice.example' },
    cartItemList: [
      {
        productId: where.productId,
        seatSectionId: where.seatSectionId,
        priceCatId: where.priceCategoryId,
        mode: 'HS',
        inventoryIdList: ids,
        priceClassList: [{ priceClassCode: 'A', quantity: ids.length }],
      },
    ],
    deliveryMethodCode: 'ETICKET',
    paymentMethodCode: 'VISA',
    totalAmount: (unit * ids.length) / 100,
  })
}
