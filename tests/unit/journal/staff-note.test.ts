import { describe, expect, it } from 'vitest'
import { readStaffNote, staffNoteText } from '../../../electron/journal/staff-note'

/** The journal's staff_note column: keyed sentences written as JSON, and what older or newer Foyers left there read safely. */
describe('a staff note in the journal', () => {
  it('reads back the sentences it wrote', () => {
    const sentences = [{ key: 'cashInterrupted' as const, params: { reference: 'FOY-1' } }]
    expect(readStaffNote(staffNoteText(sentences))).toEqual({ kind: 'keyed', sentences })
  })

  it('reads the English sentence an older Foyer wrote as a note shown as it is', () => {
    const older = 'The card terminal did not say whether payment K-1 of FOY-1 went through. Check the terminal before refunding or selling again.'
    expect(readStaffNote(older)).toEqual({ kind: 'legacy', text: older })
  })

  it('keeps a note it cannot read as keys (a sentence of a newer Foyer, or a bare JSON value) whole, as text', () => {
    const newer = JSON.stringify([{ key: 'splitTenderShort', params: { reference: 'FOY-2' } }])
    expect(readStaffNote(newer)).toEqual({ kind: 'legacy', text: newer })
    expect(readStaffNote('42')).toEqual({ kind: 'legacy', text: '42' })
    expect(readStaffNote(null)).toBeNull()
  })

  it('refuses to write a sentence it could not read back', () => {
    // @ts-expect-error a parameter the sentence does not have
    expect(() => staffNoteText([{ key: 'cashInterrupted', params: { reference: 'FOY-1', drawer: 2 } }])).toThrow()
  })
})
