import { createI18n } from 'vue-i18n'
import enSG from './locales/en-SG.json'
import msMY from './locales/ms-MY.json'
import zhCN from './locales/zh-CN.json'
import zhHK from './locales/zh-HK.json'

/** The kiosk's four languages (renderer/src/i18n), in the order the switch shows them. */
export const locales = ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'en-SG'

/** Each language's name in its own language: a manager looks for their own. */
export const localeNames: Record<Locale, string> = {
  'en-SG': 'English',
  'zh-CN': '简体中文',
  'zh-HK': '繁體中文',
  'ms-MY': 'Bahasa Melayu',
}

export const messages = { 'en-SG': enSG, 'zh-CN': zhCN, 'zh-HK': zhHK, 'ms-MY': msMY }
export type MessageSchema = (typeof messages)['en-SG']

export function isLocale(value: string): value is Locale {
  return (locales as readonly string[]).includes(value)
}

/** The language the browser asks for first, if it is one of the four (zh-TW reads zh-HK's traditional characters). */
export function preferredLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    if (isLocale(language)) return language
    const lower = language.toLowerCase()
    if (lower.startsWith('zh')) return /hant|tw|hk|mo/.test(lower) ? 'zh-HK' : 'zh-CN'
    if (lower.startsWith('ms')) return 'ms-MY'
    if (lower.startsWith('en')) return 'en-SG'
  }
  return defaultLocale
}

/**
 * Which form of a message with plural forms ("{count} sale found | {count} sales found") a count
 * takes, by the language's own rules (Intl.PluralRules), as the kiosk's renderer/src/i18n does: the
 * first form for "one", the last for any other count or none given. Chinese and Malay have one form.
 */
function pluralRule(language: Locale) {
  const rules = new Intl.PluralRules(language)
  return (choice: number, choicesLength: number): number => {
    if (choicesLength < 2) return 0
    return choice >= 0 && rules.select(choice) === 'one' ? 0 : choicesLength - 1
  }
}

export function createDashboardI18n(locale: Locale = defaultLocale) {
  return createI18n<[MessageSchema], Locale>({
    legacy: false,
    locale,
    fallbackLocale: defaultLocale,
    messages,
    pluralRules: Object.fromEntries(locales.map((language) => [language, pluralRule(language)])),
    missingWarn: false,
    fallbackWarn: false,
  })
}
