/**
 * The spec's genre values (the API's own words, sent as they are) with the
 * i18n key of each: the values contain spaces, "/" and "&", which do not
 * belong in message key paths.
 */
export const genres = {
  Comedy: 'comedy',
  Concert: 'concert',
  Dance: 'dance',
  'Family Entertainment': 'family',
  'Film/Movies': 'film',
  'Food & Beverage': 'food',
  'Lifestyle/Leisure': 'lifestyle',
  MICE: 'mice',
  Merchandise: 'merchandise',
  Musical: 'musical',
  Orchestra: 'orchestra',
  'Seminar/Workshop': 'seminar',
  Sports: 'sports',
  Theatre: 'theatre',
} as const
export type Genre = keyof typeof genres
export const genreValues = Object.keys(genres) as Genre[]
