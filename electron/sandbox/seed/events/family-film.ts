/**
 * Family shows, workshops for kids, and film: gala premieres, documentaries and outdoor screenings.
 * The facts: venue, price categories, sale window and shows; the words are in family-film-texts.ts.
 */
import type { SeedEvent } from '../types'
import { eventsWithTexts } from './define-event'
import { familyFilmTexts } from './family-film-texts'
import { cats, ga, show } from './shows-and-prices'
import { childFree, groupDiscount } from './price-words'
import { duration, openHours } from './time-words'

export const familyFilmEvents: SeedEvent[] = eventsWithTexts(familyFilmTexts, [
  {
    code: 'FY26PIPOTTER',
    genres: ['Family Entertainment', 'Theatre'],
    promoters: ['Otter & Friends Puppetry'],
    venueId: 'grand-theatre',
    language: 'English',
    priceCategories: cats(45, 38, 30, 22),
    bookingFee: 2,
    priceNotes: [groupDiscount],
    duration: duration(55),
    admission: { ticketFrom: 2, photo: 'no-flash', late: 'break' },
    attributes: ['5'],
    sellability: { startOffsetDays: -30, endOffsetDays: 3 },
    shows: [
      show(0, '11:00', 0.3),
      show(0, '14:00', 0.4),
      show(1, '11:00', 0.25),
      show(3, '11:00', 0.2),
      show(3, '14:00', 0.3),
    ],
  },

  {
    code: 'FY26HFFGALA',
    genres: ['Film/Movies'],
    promoters: ['Harbour Film Society'],
    venueId: 'grand-theatre',
    language: 'English',
    priceCategories: cats(68, 48, 38, 25),
    bookingFee: 3,
    duration: duration(140),
    admission: { minAge: 16, photo: 'none', late: 'none' },
    attributes: ['5', '12'],
    sellability: { startOffsetDays: -21, endOffsetDays: 17 },
    shows: [show(17, '19:00', 0.5)],
  },

  {
    code: 'FY26MRKWEK',
    genres: ['Family Entertainment', 'Comedy'],
    promoters: ['Wonder Box Magic'],
    venueId: 'recital-hall',
    language: 'English',
    priceCategories: cats(32, 26, 20),
    bookingFee: 2,
    priceNotes: [groupDiscount],
    duration: duration(60),
    admission: { ticketFrom: 2, photo: 'no-flash', late: 'break' },
    attributes: ['5'],
    sellability: { startOffsetDays: -20, endOffsetDays: 10 },
    shows: [show(0, '14:00', 0.35), show(0, '16:30', 0.25), show(10, '11:00', 0.1)],
  },

  {
    code: 'FY26RIVERDOC',
    genres: ['Film/Movies', 'Seminar/Workshop'],
    promoters: ['River Stories Films'],
    venueId: 'recital-hall',
    language: 'English',
    priceCategories: cats(18.5, 15, 12.5),
    bookingFee: 1.5,
    duration: duration(120),
    admission: { minAge: 13, photo: 'none', late: 'none' },
    attributes: ['5'],
    sellability: { startOffsetDays: -10, endOffsetDays: 39 },
    shows: [show(39, '19:30', 0.2)],
  },

  {
    code: 'FY26PICBOOK',
    genres: ['Seminar/Workshop', 'Family Entertainment'],
    promoters: ['Picture Book Club SG'],
    venueId: 'recital-hall',
    language: 'English',
    priceCategories: cats(30, 25, 20),
    bookingFee: 1,
    duration: duration(150, 15),
    admission: { minAge: 6, photo: 'allowed', late: 'break' },
    attributes: ['5'],
    sellability: { startOffsetDays: -14, endOffsetDays: 19 },
    shows: [show(12, '10:00', 0.4), show(19, '10:00', 0.2)],
  },

  {
    code: 'FY26LAWNMOVIES',
    genres: ['Film/Movies', 'Family Entertainment'],
    promoters: ['Open Sky Cinema'],
    venueId: 'riverside-lawn',
    language: 'English',
    priceCategories: ga('General Admission', 12.5),
    bookingFee: 1,
    priceNotes: [childFree(3)],
    duration: openHours('18:00', '22:00'),
    admission: { ticketFrom: 3, photo: 'allowed', late: 'anytime' },
    attributes: ['5', '7'],
    sellability: { startOffsetDays: -30, endOffsetDays: 8 },
    shows: [show(1, '19:30', 0.3), show(2, '19:30', 0.4), show(8, '19:30', 0.2)],
  },

  {
    code: 'FY26DINOPLAY',
    genres: ['Family Entertainment'],
    promoters: ['Big Bones Exhibitions'],
    venueId: 'expo-centre',
    language: 'English',
    priceCategories: ga('Day Pass', 28),
    bookingFee: 2,
    priceNotes: [childFree(2)],
    duration: openHours('10:00', '20:00'),
    admission: { ticketFrom: 2, photo: 'allowed', late: 'anytime' },
    attributes: ['5'],
    sellability: { startOffsetDays: 5, endOffsetDays: 36 },
    shows: [show(35, '10:00'), show(36, '10:00')],
  },
])
