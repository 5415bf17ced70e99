/**
 * Sports at the stadium. Each stadium show builds 55,000 seats of inventory, so keep these few.
 * The facts: venue, price categories, sale window and shows; the words are in sports-texts.ts.
 */
import type { SeedEvent } from '../types'
import { eventsWithTexts } from './define-event'
import { sportsTexts } from './sports-texts'
import { cat, show } from './shows-and-prices'
import { childFree, concession } from './price-words'
import { duration, openHours } from './time-words'

export const sportsEvents: SeedEvent[] = eventsWithTexts(sportsTexts, [
  {
    code: 'FY26STRAITSCUP',
    genres: ['Sports'],
    promoters: ['Straits Football League'],
    venueId: 'harbour-stadium',
    language: 'English',
    priceCategories: [
      cat(1, 'CAT 1', 68, [1]),
      cat(2, 'CAT 2', 48, [2]),
      cat(3, 'CAT 3', 38, [3]),
      cat(4, 'CAT 4', 28, [4, 5]),
    ],
    bookingFee: 3,
    priceNotes: [concession(15)],
    duration: duration(120, 15),
    admission: { ticketFrom: 3, photo: 'allowed', late: 'anytime' },
    attributes: ['2'],
    sellability: { startOffsetDays: -21, endOffsetDays: 3 },
    shows: [show(3, '19:45', 0.45)],
  },

  {
    code: 'FY26EQSEVENS',
    genres: ['Sports'],
    promoters: ['Equator Rugby Union'],
    venueId: 'harbour-stadium',
    language: 'English',
    priceCategories: [
      cat(1, 'CAT 1', 98, [1]),
      cat(2, 'CAT 2', 78, [2]),
      cat(3, 'CAT 3', 58, [3, 4]),
      cat(4, 'CAT 4', 38, [5]),
    ],
    bookingFee: 4,
    duration: openHours('10:00', '21:00'),
    admission: { ticketFrom: 3, photo: 'allowed', late: 'anytime' },
    attributes: ['2', '7'],
    sellability: { startOffsetDays: -60, endOffsetDays: 25 },
    shows: [show(24, '10:00', 0.3), show(25, '10:00', 0.25)],
  },

  {
    code: 'FY26ATHLETICS',
    genres: ['Sports'],
    promoters: ['Southern Cross Athletics Club'],
    venueId: 'harbour-stadium',
    language: 'English',
    priceCategories: [cat(1, 'CAT 1', 35, [1, 2]), cat(2, 'CAT 2', 25, [3]), cat(3, 'CAT 3', 15, [4, 5])],
    bookingFee: 2,
    priceNotes: [childFree(4)],
    duration: duration(180),
    admission: { ticketFrom: 4, photo: 'allowed', late: 'anytime' },
    attributes: ['2'],
    sellability: { startOffsetDays: -30, endOffsetDays: 52 },
    shows: [show(52, '18:00', 0.1)],
  },
])
