/**
 * One text in the four API languages, and the joining of sentences into one
 * text: spaced in English and Malay, run together in Chinese.
 */
import type { LocalizedText } from '../types'

/** One text in the four API languages: English, Simplified Chinese, Traditional Chinese (Hong Kong), Malay. */
export function t(en: string, zhCN: string, zhHK: string, ms: string): LocalizedText {
  return { EN_SG: en, ZH_CN: zhCN, ZH_HK: zhHK, MS_MY: ms }
}

export function join(parts: readonly LocalizedText[]): LocalizedText {
  const spaced = (lang: 'EN_SG' | 'MS_MY') => parts.map((p) => p[lang]).join(' ')
  const tight = (lang: 'ZH_CN' | 'ZH_HK') => parts.map((p) => p[lang]).join('')
  return t(spaced('EN_SG'), tight('ZH_CN'), tight('ZH_HK'), spaced('MS_MY'))
}
