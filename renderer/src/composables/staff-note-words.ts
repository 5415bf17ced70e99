import { formatMoney, noteParams, type StaffNoteView } from '@contract'

/**
 * A sale's note for staff in the language of the screen: each sentence's
 * message key (`checkout.staffNotes.<key>`) with its parameters, amounts
 * written as this language writes money. A note an older Foyer wrote in
 * English before notes were keyed is shown as it is.
 */
type Say = (key: string, values: Record<string, unknown>) => string

export function staffNoteWords(note: StaffNoteView, say: Say, locale: string): string {
  if (note.kind === 'legacy') return note.text
  const unknown = say('checkout.staffNotes.unknown', {})
  return note.sentences
    .map((sentence) => say(`checkout.staffNotes.${sentence.key}`, noteParams(sentence, (cents) => formatMoney(cents, locale), unknown)))
    .join(' ')
}
