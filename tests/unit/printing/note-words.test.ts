import { describe, expect, it } from 'vitest'
import { staffNoteSentenceSchema, type StaffNoteSentence } from '../../../electron/contract/staff-note'
import { staffNoteOnPaper } from '../../../electron/printing/note-words'

/**
 * The refund slip's "Why" on paper: every sentence checkout writes has its
 * words in every paper language, each parameter in its slot.
 */
const languages = ['en-SG', 'zh-CN', 'zh-HK', 'ms-MY'] as const

/** One sentence of each key, every parameter filled with a value that names it. */
const samples = staffNoteSentenceSchema.options.map((option) => {
  const params = Object.fromEntries(Object.keys(option.shape.params.shape).map((name) => [name, name === 'amountCents' ? 123_450 : `<${name}>`]))
  return staffNoteSentenceSchema.parse({ key: option.shape.key.value, params })
})

const onPaper = (sentence: StaffNoteSentence, language: (typeof languages)[number]) => staffNoteOnPaper({ kind: 'keyed', sentences: [sentence] }, language)

describe('staff notes on paper', () => {
  it.each(languages)('%s: every sentence, with every parameter in its slot and none left empty', (language) => {
    for (const sentence of samples) {
      const text = onPaper(sentence, language)
      expect(text, sentence.key).not.toMatch(/[{}]/)
      for (const [name, value] of Object.entries(sentence.params)) {
        if (name === 'amountCents') expect(text, sentence.key).toMatch(/1,234\.50|1.234,50/)
        else expect(text, sentence.key).toContain(String(value))
      }
    }
  })

  it.each(languages.filter((l) => l !== 'en-SG'))('%s is translated, not English', (language) => {
    for (const sentence of samples) expect(onPaper(sentence, language), sentence.key).not.toBe(onPaper(sentence, 'en-SG'))
  })

  it('prints an unknown approval code as unknown in the language of the paper', () => {
    const sentence = staffNoteSentenceSchema.parse({ key: 'counterStandaloneToReverse', params: { amountCents: 5_000, approvalCode: null, reference: 'FOY-1' } })
    expect(onPaper(sentence, 'zh-CN')).toContain('授权码 未知')
    expect(onPaper(sentence, 'en-SG')).toContain('approval code unknown')
  })
})
