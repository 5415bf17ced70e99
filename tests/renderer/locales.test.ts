import { describe, expect, it } from 'vitest'
import { createFoyerI18n } from '../../renderer/src/i18n'
import { messages } from '../../renderer/src/i18n/messages'
import { apiMessageKeys } from '../../electron/api/api-error'
import { checkoutMessageKeys } from '../../electron/checkout/checkout-service'
import { tenderMessageKeys } from '../../electron/checkout/tender'
import { shiftMessageKeys } from '../../electron/checkout/shift-handlers'
import { saleFinderMessageKeys } from '../../electron/checkout/sale-finder'
import { adminMessageKeys } from '../../electron/services/admin-service'
import { ContractErrorCode, staffNoteKeys, staffNoteSentenceSchema } from '../../electron/contract'

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
// Each name once: a message's plural forms ("seat {seats} | seats {seats}") name theirs in each form, and a language without plurals has one form.
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort()

describe('translations', () => {
  it.each(Object.entries(translations))('%s has exactly the English keys, none empty', (_locale, messages) => {
    expect([...messages.keys()].sort()).toEqual([...english.keys()].sort())
    for (const [key, text] of messages) expect(text.trim(), key).not.toBe('')
  })

  it.each(Object.entries(translations))('%s keeps every placeholder of the English text', (_locale, messages) => {
    for (const [key, text] of english) expect(placeholders(messages.get(key)!), key).toEqual(placeholders(text))
  })

  it.each(Object.entries(translations))('%s is translated, not copied from English', (_locale, messages) => {
    // The brand name is the same everywhere; everything else must differ.
    const copied = [...english].filter(([key, text]) => key !== 'app.name' && messages.get(key) === text)
    expect(copied).toEqual([])
  })

  it('has a message for every error the contract layer produces', () => {
    const keys = {
      [ContractErrorCode.UnknownChannel]: 'errors.contract.unknownChannel',
      [ContractErrorCode.InvalidRequest]: 'errors.contract.invalidRequest',
      [ContractErrorCode.UntrustedSender]: 'errors.contract.untrustedSender',
      [ContractErrorCode.Unauthorized]: 'errors.contract.unauthorized',
      [ContractErrorCode.TransportFailed]: 'errors.contract.transportFailed',
      [ContractErrorCode.Internal]: 'errors.internal',
    }
    for (const key of Object.values(keys)) expect(english.has(key), key).toBe(true)
  })

  it('has a message for every API failure the main process can report', () => {
    for (const key of [...apiMessageKeys, ...adminMessageKeys, ...checkoutMessageKeys, ...tenderMessageKeys, ...shiftMessageKeys, ...saleFinderMessageKeys]) expect(english.has(key), key).toBe(true)
  })

  it('has the words of every staff note sentence checkout writes, with a slot for each of its parameters', () => {
    // The other languages have exactly the English keys and slots (above), so English stands for all four here.
    expect(staffNoteKeys.length).toBeGreaterThan(10)
    for (const option of staffNoteSentenceSchema.options) {
      const key = `checkout.staffNotes.${option.shape.key.value}`
      expect(english.has(key), key).toBe(true)
      const slots = Object.keys(option.shape.params.shape).map((name) => (name === 'amountCents' ? 'amount' : name))
      expect(placeholders(english.get(key)!), key).toEqual(slots.sort())
    }
    expect(english.has('checkout.staffNotes.unknown')).toBe(true)
  })

  it.each(['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'] as const)('%s: every message compiles and renders (no stray @, |, { in text)', (locale) => {
    // vue-i18n reads "@" as a linked message and "|" as plurals: a stray one breaks the screen showing it.
    const errors: string[] = []
    const i18n = createFoyerI18n(locale)
    const all = locale === 'en-SG' ? english : translations[locale]
    for (const [key, text] of all) {
      const values = Object.fromEntries(placeholders(text).map((name) => [name, `<${name}>`]))
      try {
        const out = i18n.global.t(key, values)
        if (out === key) errors.push(`${key}: not rendered`)
        for (const name of Object.keys(values)) if (!out.includes(`<${name}>`)) errors.push(`${key}: {${name}} lost`)
      } catch (error) {
        errors.push(`${key}: ${(error as Error).message}`)
      }
    }
    expect(errors).toEqual([])
  })
})
