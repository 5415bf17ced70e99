import type { ExportLanguage } from '../../../protocol'
import { enSG, type ExportWords } from './en-SG'
import { msMY } from './ms-MY'
import { zhCN } from './zh-CN'
import { zhHK } from './zh-HK'

export type { ExportWords } from './en-SG'

/**
 * The end-of-day files' words in the language the manager downloads them in (the dashboard's chosen
 * language, sent with the request and parsed there; English when none is sent). Words only: numbers
 * are the journal's integer cents, formatted once (centsText) whatever the language.
 */
const WORDS: Record<ExportLanguage, ExportWords> = { 'en-SG': enSG, 'zh-CN': zhCN, 'zh-HK': zhHK, 'ms-MY': msMY }

export const exportWords = (language: ExportLanguage): ExportWords => WORDS[language]

/** A template's `{name}` places filled in. */
export const fill = (template: string, params: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
