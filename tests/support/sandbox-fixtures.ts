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
