/**
 * Foyer's languages, set up once for each of its pages: the kiosk's renderer (renderer/src/i18n) and
 * the hub's dashboard (hub/dashboard/i18n). Each page keeps its own messages and what only it needs
 * (the renderer, the API's language codes; the dashboard, the browser's language asked for first).
 */

/** The four languages, in the order a page's language buttons show them. */
export const locales = ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'en-SG'

/** Each language's name in its own language: a customer, or a manager, looks for their own. */
export const localeNames: Record<Locale, string> = {
  'en-SG': 'English',
  'zh-CN': '简体中文',
  'zh-HK': '繁體中文',
  'ms-MY': 'Bahasa Melayu',
}

export function isLocale(value: string): value is Locale {
  return (locales as readonly string[]).includes(value)
}

/**
 * Which form of a message with plural forms ("seat {seats} | seats {seats}") a count takes, by the
 * language's own rules (Intl.PluralRules): the first form for "one", the last for any other count, and
 * the last (the general form) when no count was given. Chinese and Malay messages have one form.
 */
function pluralRule(language: Locale) {
  const rules = new Intl.PluralRules(language)
  return (choice: number, choicesLength: number): number => {
    if (choicesLength < 2) return 0
    return choice >= 0 && rules.select(choice) === 'one' ? 0 : choicesLength - 1
  }
}

/**
 * vue-i18n's options for a page of Foyer, all but its messages: the composition API, English where a
 * message is missing, each language's plural forms. Missing keys are a bug caught by each page's locale
 * tests, not something to log at a customer or a manager.
 */
export function i18nOptions(locale: Locale = defaultLocale) {
  return {
    legacy: false,
    locale,
    fallbackLocale: defaultLocale,
    pluralRules: Object.fromEntries(locales.map((language) => [language, pluralRule(language)])),
    missingWarn: false,
    fallbackWarn: false,
  } as const
}
