import { describe, expect, it } from 'vitest'
import type { StaffNoteView } from '../../electron/contract'
import { staffNoteWords } from '../../renderer/src/composables/staff-note-words'
import { createFoyerI18n } from '../../renderer/src/i18n'

/** A sale's note on the recovery screen, in the language staff chose, from the keys the journal keeps. */
const counterRefund: StaffNoteView = {
  kind: 'keyed',
  sentences: [
    { key: 'counterCashRefunded', params: { amountCents: 26_400, reference: 'FOY-7K2' } },
    { key: 'refundAskedAndApproved', params: { askedBy: 'Aisha Rahman', approvedBy: 'Mei Ling' } },
    { key: 'voidAtVendor', params: { reference: 'FOY-7K2' } },
  ],
}

const say = (locale: 'en-SG' | 'zh-CN' | 'zh-HK' | 'ms-MY') => {
  const { t } = createFoyerI18n(locale).global
  return (key: string, values: Record<string, unknown>) => t(key, values)
}

describe('staff notes on screen', () => {
  it('says each sentence in the screen language, money as that language writes it', () => {
    expect(staffNoteWords(counterRefund, say('en-SG'), 'en-SG')).toBe(
      "S$264.00 given back in cash from the drawer for FOY-7K2. Asked by Aisha Rahman, approved by Mei Ling. Keep the returned tickets and void order FOY-7K2 in the vendor's back office.",
    )
    const chinese = staffNoteWords(counterRefund, say('zh-HK'), 'zh-HK')
    expect(chinese).toContain('已從錢箱為 FOY-7K2 退還現金')
    expect(chinese).toContain('由 Aisha Rahman 申請，Mei Ling 批准。')
    expect(chinese).not.toMatch(/given back|Asked by/)
  })

  it('names what is not known in the screen language, not as "null"', () => {
    const note: StaffNoteView = { kind: 'keyed', sentences: [{ key: 'paymentUnknown', params: { paymentKey: null, reference: 'FOY-1' } }] }
    const malay = staffNoteWords(note, say('ms-MY'), 'ms-MY')
    expect(malay).toContain('bayaran tidak diketahui bagi FOY-1')
    expect(malay).not.toContain('null')
  })

  it('shows a note an older Foyer wrote in English as it is', () => {
    const note: StaffNoteView = { kind: 'legacy', text: 'A cash sale for FOY-OLD stopped while taking the money. Check the drawer: complete it or give the cash back.' }
    expect(staffNoteWords(note, say('zh-CN'), 'zh-CN')).toBe(note.text)
  })
})
