import { describe, expect, it } from 'vitest'
import { messages } from '../../renderer/src/i18n/messages'
import { apiMessageKeys } from '../../electron/api/api-error'
import { adminMessageKeys } from '../../electron/services/admin-service'
import { ContractErrorCode } from '../../electron/contract'

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
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

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
    for (const key of [...apiMessageKeys, ...adminMessageKeys]) expect(english.has(key), key).toBe(true)
  })
})
