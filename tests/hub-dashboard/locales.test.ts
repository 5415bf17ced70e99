import { describe, expect, it } from 'vitest'
import { messages, preferredLocale } from '../../hub/dashboard/i18n'
import { DashboardRefusal, DeviceState } from '../../hub/protocol/dashboard'
import { PrinterProblem, TerminalState } from '../../hub/protocol/heartbeat'
import { NoSaleReason } from '../../hub/protocol/record-payloads'
import { PROFILE_SETTINGS } from '../../hub/protocol/device-profile'

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of flatten(value, path)) out.set(k, v)
  }
  return out
}

const english = flatten(messages['en-SG'])
const translations = { 'zh-CN': flatten(messages['zh-CN']), 'zh-HK': flatten(messages['zh-HK']), 'ms-MY': flatten(messages['ms-MY']) }
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort()

/** The dashboard's four languages, as the kiosk's (tests/renderer/locales.test.ts): whole, and really translated. */
describe("the dashboard's words", () => {
  it.each(Object.entries(translations))('%s has exactly the English keys, none empty, every placeholder kept', (_locale, words) => {
    expect([...words.keys()].sort()).toEqual([...english.keys()].sort())
    for (const [key, text] of words) {
      expect(text.trim(), key).not.toBe('')
      expect(placeholders(text), key).toEqual(placeholders(english.get(key)!))
    }
  })

  it.each(Object.entries(translations))('%s is translated, not copied from English', (_locale, words) => {
    // An arrow between two states, and a colon between who and what, stay as they are; so do Malay's commas and semicolons between a list's items.
    const same = new Set(['alerts.change', 'service.ruleLine', 'day.noSaleReasonsJoin', 'day.noSalePeopleJoin'])
    expect([...english].filter(([key, text]) => !same.has(key) && words.get(key) === text)).toEqual([])
  })

  it('has words for every refusal, device state, terminal state, printer problem, profile setting and No sale reason the contract can send', () => {
    const keys = [
      ...DashboardRefusal.shape.refused.options.map((code) => `refusal.${code}`),
      ...DeviceState.options.map((state) => `state.${state}`),
      ...TerminalState.options.map((state) => `reason.terminal.${state}`),
      ...PrinterProblem.options.map((problem) => `reason.printer.${problem}`),
      'reason.printer.cannot-print',
      'reason.printer.paper-low',
      // A device may say it refused any setting a profile can hold.
      ...PROFILE_SETTINGS.map((name) => `profiles.field.${name}`),
      // Every reason a cashier can give for opening the drawer with no sale (issue #34).
      ...NoSaleReason.options.map((reason) => `day.noSaleReason.${reason}`),
    ]
    for (const key of keys) expect(english.has(key), key).toBe(true)
  })

  it.each([
    [['zh-TW', 'en'], 'zh-HK'],
    [['zh-Hant-HK'], 'zh-HK'],
    [['zh'], 'zh-CN'],
    [['ms'], 'ms-MY'],
    [['fr-FR', 'en-GB'], 'en-SG'],
    [['fr-FR'], 'en-SG'],
  ])("opens in the browser's first language of the four (%j gives %s)", (languages, locale) => {
    expect(preferredLocale(languages)).toBe(locale)
  })
})
