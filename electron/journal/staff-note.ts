import { staffNoteSentencesSchema, type StaffNoteSentence, type StaffNoteView } from '../contract/staff-note'

/**
 * The one place a sale's staff note is written to the journal's `staff_note`
 * column and read back. It is kept as JSON of its sentences (message keys and
 * parameters, electron/contract/staff-note.ts) in the same column older
 * Foyers wrote English sentences into, so no migration is needed.
 */
export function staffNoteText(sentences: readonly StaffNoteSentence[]): string {
  // Parsed on the way in too: a sentence this Foyer could not read back is a bug here, not a note for staff.
  return JSON.stringify(staffNoteSentencesSchema.parse(sentences))
}

/**
 * The note as staff read it. What does not parse as sentences is shown as it
 * is, never dropped: the English text an older Foyer wrote, or a note of a
 * newer Foyer with a sentence this one does not know (its JSON, which still
 * carries the references staff need). A note is advice to people, so a
 * reading that loses nothing is safer than an error that hides the sale.
 */
export function readStaffNote(text: string | null): StaffNoteView | null {
  if (text === null) return null
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { kind: 'legacy', text }
  }
  const sentences = staffNoteSentencesSchema.safeParse(json)
  return sentences.success ? { kind: 'keyed', sentences: sentences.data } : { kind: 'legacy', text }
}
