import { createI18n } from 'vue-i18n'
import { messages } from './messages'

/** The kiosk's languages, in the order the language buttons show them. */
export const locales = ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'en-SG'

/** Each language's name in its own language: a customer looks for their own. */
export const localeNames: Record<Locale, string> = {
  'en-SG': 'English',
  'zh-CN': '简体中文',
  'zh-HK': '繁體中文',
  'ms-MY': 'Bahasa Melayu',
}

/** The `lang` query value the sales-flow API expects for each locale. */
export const apiLanguage: Record<Locale, 'EN_SG' | 'ZH_CN' | 'ZH_HK' | 'MS_MY'> = {
  'en-SG': 'EN_SG',
  'zh-CN': 'ZH_CN',
  'zh-HK': 'ZH_HK',
  'ms-MY': 'MS_MY',
}

export type MessageSchema = (typeof messages)['en-SG']

export function isLocale(value: string): value is Locale {
  return (locales as readonly string[]).includes(value)
}

/**
 * Which form of a message with plural forms ("seat {seats} | seats {seats}")
 * a count takes, by the language's own rules (Intl.PluralRules): the first
 * form for "one", the last for any other count, and the last (the general
 * form) when no count was given. Chinese and Malay messages have one form.
 */
function pluralRule(language: Locale) {
  const rules = new Intl.PluralRules(language)
  return (choice: number, choicesLength: number): number => {
    if (choicesLength < 2) return 0
    return choice >= 0 && rules.select(choice) === 'one' ? 0 : choicesLength - 1
  }
}

export function createFoyerI18n(locale: Locale = defaultLocale) {
  return createI18n<[MessageSchema], Locale>({
    legacy: false,
    locale,
    fallbackLocale: defaultLocale,
    messages,
    pluralRules: Object.fromEntries(locales.map((language) => [language, pluralRule(language)])),
    // Missing keys are a bug caught by the locale tests, not something to log at a customer.
    missingWarn: false,
    fallbackWarn: false,
  })
}
