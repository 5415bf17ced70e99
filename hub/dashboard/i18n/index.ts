import { createI18n } from 'vue-i18n'
import { defaultLocale, i18nOptions, isLocale, type Locale } from '../../../shared/ui/i18n'
import enSG from './locales/en-SG.json'
import msMY from './locales/ms-MY.json'
import zhCN from './locales/zh-CN.json'
import zhHK from './locales/zh-HK.json'

/** The kiosk's languages, their names and set-up (shared/ui/i18n.ts); the dashboard adds its messages and the browser's choice. */
export { defaultLocale, isLocale, localeNames, locales, type Locale } from '../../../shared/ui/i18n'

export const messages = { 'en-SG': enSG, 'zh-CN': zhCN, 'zh-HK': zhHK, 'ms-MY': msMY }
export type MessageSchema = (typeof messages)['en-SG']

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

export function createDashboardI18n(locale?: Locale) {
  return createI18n<[MessageSchema], Locale>({ ...i18nOptions(locale), messages })
}
