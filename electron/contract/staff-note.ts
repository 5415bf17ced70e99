import { z } from 'zod'

/**
 * A note for staff on a sale (what happened, what to do), as message keys
 * with their parameters rather than sentences: the recovery screen says it in
 * the language staff read (vue-i18n, `checkout.staffNotes.<key>`) and a refund
 * slip in the paper's (electron/printing/note-words.ts). A note is one or more
 * sentences, so the parts several notes share (who asked and approved a
 * refund, voiding the order at the vendor) are written once.
 *
 * Parameters are what a sentence names: references as the vendor or terminal
 * gave them (null: not known, said as "unknown" in the reader's language),
 * amounts in cents (written as the reader's language writes money), and the
 * vendor's or terminal's own words for a failure (`detail`, `error`: codes and
 * device messages, shown as they came, like a reference).
 */
const named = z.string().max(500).nullable()
const cents = z.number().int()

const sentence = <K extends string, P extends z.ZodRawShape>(key: K, params: P) =>
  z.object({ key: z.literal(key), params: z.object(params).strict() }).strict()

export const staffNoteSentenceSchema = z.discriminatedUnion('key', [
  sentence('paymentUnknown', { paymentKey: named, reference: named }),
  sentence('paymentStillUnknown', { paymentKey: named, reference: named }),
  sentence('cashInterrupted', { reference: named }),
  sentence('standaloneInterrupted', { reference: named, approvalCode: named, amountCents: cents }),
  sentence('confirmUnknown', { paymentRef: named, reference: named, detail: named }),
  sentence('refundFailed', { paymentKey: named, reference: named, error: named }),
  sentence('cashToGiveBack', { amountCents: cents, reference: named }),
  sentence('cardRefunded', { paymentKey: named, reference: named }),
  sentence('standaloneToReverse', { amountCents: cents, approvalCode: named, paymentRef: named, reference: named }),
  sentence('counterRefundFailed', { paymentKey: named, reference: named, error: named }),
  sentence('counterCardRefunded', { paymentKey: named, reference: named }),
  sentence('counterCashRefunded', { amountCents: cents, reference: named }),
  sentence('counterStandaloneToReverse', { amountCents: cents, approvalCode: named, reference: named }),
  sentence('refundApproved', { approvedBy: named }),
  sentence('refundAskedAndApproved', { askedBy: named, approvedBy: named }),
  sentence('voidAtVendor', { reference: named }),
  // A split sale's parts (./split-tender in checkout), each going back its own way, after one of these two.
  sentence('splitRefunded', { reference: named }),
  sentence('splitNotCompleted', { reference: named }),
  sentence('partCardRefunded', { paymentKey: named, amountCents: cents }),
  sentence('partCardNotRefunded', { paymentKey: named, amountCents: cents, error: named }),
  sentence('partCashBack', { amountCents: cents }),
  sentence('partStandaloneToReverse', { amountCents: cents, approvalCode: named }),
  // Why a sale's money goes back (checkout's giveBack): its own sentence after what to do, so no English reason sits inside another language's.
  sentence('whyNotConfirmed', { code: named, orderStatus: named }),
  sentence('whyCustomerCancelled', {}),
  sentence('whyOrderLapsed', { code: named }),
  sentence('whySplitInterrupted', {}),
  sentence('whySplitCardNotTaken', {}),
  // A paid sale whose tickets or receipt did not all come out (#24): staff reprint the missing ones.
  sentence('printMissing', { reference: named }),
])
export type StaffNoteSentence = z.infer<typeof staffNoteSentenceSchema>
export type StaffNoteKey = StaffNoteSentence['key']

/** Why a paid sale's money goes back (checkout's giveBack): a sentence of the note, said after what staff do. */
export type GiveBackReason = Extract<StaffNoteSentence, { key: `why${string}` }>

/** Every sentence key, for the test that holds each has its words in every language, on screen and on paper. */
export const staffNoteKeys = staffNoteSentenceSchema.options.map((option) => option.shape.key.value) as readonly StaffNoteKey[]

// Room for a split sale's note: its heading, a sentence for each part, who approved and voiding the order.
export const staffNoteSentencesSchema = z.array(staffNoteSentenceSchema).min(1).max(32)

/**
 * A note as staff read it: keyed sentences, or the plain text a Foyer from
 * before message keys wrote (English), shown as it is.
 */
export const staffNoteViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('keyed'), sentences: staffNoteSentencesSchema }).strict(),
  z.object({ kind: z.literal('legacy'), text: z.string() }).strict(),
])
export type StaffNoteView = z.infer<typeof staffNoteViewSchema>

/** A sentence's parameters for a message: amounts written as money in `locale`, names not known as `unknown`. */
export function noteParams(
  sentence: StaffNoteSentence,
  money: (cents: number) => string,
  unknown: string,
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(sentence.params) as [string, string | number | null][]) {
    if (name === 'amountCents') out.amount = money(value as number)
    else out[name] = value === null ? unknown : String(value)
  }
  return out
}
