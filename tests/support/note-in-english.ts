import { readStaffNote } from '../../electron/journal/staff-note'
import { staffNoteOnPaper } from '../../electron/printing/note-words'

/** A sale's staff note as an English-reading supervisor reads it (the keys and their parameters in words), or '' for none. */
export function noteInEnglish(staffNote: string | null): string {
  const note = readStaffNote(staffNote)
  return note ? staffNoteOnPaper(note, 'en-SG') : ''
}
