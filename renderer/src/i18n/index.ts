import { createI18n } from 'vue-i18n'
import { i18nOptions, type Locale } from '../../../shared/ui/i18n'
import { messages } from './messages'

/** The languages, their names and set-up are Foyer's pages' own (shared/ui/i18n.ts); the kiosk adds its messages and the API's codes. */
export { defaultLocale, isLocale, localeNames, locales, type Locale } from '../../../shared/ui/i18n'

/** The `lang` query value the sales-flow API expects for each locale. */
export const apiLanguage: Record<Locale, 'EN_SG' | 'ZH_CN' | 'ZH_HK' | 'MS_MY'> = {
  'en-SG': 'EN_SG',
  'zh-CN': 'ZH_CN',
  'zh-HK': 'ZH_HK',
  'ms-MY': 'MS_MY',
}

export type MessageSchema = (typeof messages)['en-SG']

export function createFoyerI18n(locale?: Locale) {
  return createI18n<[MessageSchema], Locale>({ ...i18nOptions(locale), messages })
}
