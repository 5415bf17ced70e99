import { MAIL_DELIVERY } from '../contract/delivery'
import type { SaleRecord, SalesJournal } from '../journal/sales-journal'
import { receiptDocument, refundSlipDocument, ticketDocuments, type PrintDocument } from '../printing/documents'
import { cardFromSteps } from '../printing/format'
import { venuesFromSteps } from '../journal/sale-steps'
import { languageFromSteps } from '../printing/paper-words'
import type { DocumentPrinter } from '../printing/printer-port'
import { readStaffNote, staffNoteText } from '../journal/staff-note'
import { standaloneApprovalCode } from './standalone'

/**
 * Printing a sale's documents, journalled before, after each document and
 * after all: tickets (unless they go by registered mail) and the receipt once
 * the vendor confirmed the sale; a slip when a payment was given back. A crash
 * while printing leaves "print-started" without "printed": recovery prints the
 * documents not journalled as out (the same tickets, the same barcodes: a
 * second copy is harmless, a missing one is not).
 */
export type PrintWhat = 'sale' | 'tickets' | 'receipt' | 'refund'

/**
 * The step journalled before the card of an e-ticket sale a kiosk made while its printer could not print
 * (the venue's setting, ./printer-gate.ts): the customer was told nothing prints, so the sale's own print
 * (after confirm, in recovery) sends nothing and leaves no reprint for staff; the e-tickets go by e-mail.
 */
export const SOLD_ETICKETS_ONLY = 'sold-etickets-only'

function soldEticketsOnly(journal: SalesJournal, saleId: string): boolean {
  return journal.steps(saleId).some(({ step }) => step === SOLD_ETICKETS_ONLY)
}

export function documentsOf(sale: SaleRecord, journal: SalesJournal, what: PrintWhat): PrintDocument[] {
  const steps = journal.steps(sale.saleId)
  const options = {
    card: cardFromSteps(steps),
    approvalCode: sale.tender === 'standalone' ? standaloneApprovalCode(sale) : null,
    venues: venuesFromSteps(steps),
    // The customer's language, as they bought: a reprint or a recovery prints the same words.
    language: languageFromSteps(steps),
  }
  switch (what) {
    case 'refund':
      return [refundSlipDocument(sale, options)]
    case 'receipt':
      return [receiptDocument(sale, options)]
    case 'tickets':
      return ticketDocuments(sale, options)
    case 'sale': {
      const byMail = sale.order?.deliveryMethodCode === MAIL_DELIVERY
      return [...(byMail ? [] : ticketDocuments(sale, options)), receiptDocument(sale, options)]
    }
  }
}

/** The names of a sale's documents the printer has said are out (each journalled as it came out). */
export function documentsOut(journal: SalesJournal, saleId: string): Set<string> {
  const out = new Set<string>()
  for (const { step, detail } of journal.steps(saleId)) {
    const name = step === 'document-printed' ? (detail as { name?: unknown } | null)?.name : undefined
    if (typeof name === 'string') out.add(name)
  }
  return out
}

/**
 * What a print of `what` sends: a sale's own print sends only the documents
 * not yet out (after paper ran out mid-sale, a reprint or recovery prints
 * exactly the missing ones: the same tickets, the same barcodes); a reprint
 * of tickets or receipt, or a slip, sends all of its documents.
 */
function documentsToPrint(sale: SaleRecord, journal: SalesJournal, what: PrintWhat): PrintDocument[] {
  const documents = documentsOf(sale, journal, what)
  if (what !== 'sale') return documents
  const out = documentsOut(journal, sale.saleId)
  return documents.filter((doc) => !out.has(doc.name))
}

/**
 * A sale's print stopped part-way (out of paper after the first ticket): which
 * documents are missing is journalled, and a paid sale goes on staff's "needs
 * attention" list to reprint them.
 */
function printStopped(journal: SalesJournal, sale: SaleRecord, what: PrintWhat, missing: string[], error: unknown): void {
  journal.note(sale.saleId, 'print-failed', { what, reason: (error as Error).message, missing })
  if (what !== 'sale' || sale.state !== 'confirmed') return
  const staffNote = staffNoteText([{ key: 'printMissing', params: { reference: sale.reference } }])
  journal.record(sale.saleId, 'print-missing', 'confirmed', { staffNote }, { missing })
}

/** Every document of a sale that once stopped is out now (reprinted, or printed by recovery): staff need do no more. */
function allOut(journal: SalesJournal, sale: SaleRecord): void {
  const note = readStaffNote(sale.staffNote)
  const missing = note?.kind === 'keyed' && note.sentences.some((sentence) => sentence.key === 'printMissing')
  if (missing && sale.staffResolvedAt === null) journal.resolveStaffNote(sale.saleId, 'printed')
}

/**
 * Prints and journals; answers whether everything printed. A failure is journalled, never thrown: the sale stands.
 * Each document is journalled as out only once the printer said so (a PrinterPort's print resolves only then).
 * `printedSoFar` hears how many of the documents are out, so the customer can watch them come (./sale-progress.ts).
 */
export async function printSale(
  printer: DocumentPrinter | null,
  journal: SalesJournal,
  sale: SaleRecord,
  what: PrintWhat,
  afterStep: (step: string) => Promise<void> = async () => {},
  printedSoFar: (printed: number, documents: number) => void = () => {},
): Promise<boolean> {
  if (!printer) return false
  if (what === 'sale' && soldEticketsOnly(journal, sale.saleId)) {
    journal.note(sale.saleId, 'print-skipped', { why: 'sold as e-tickets only while the printer could not print' })
    return false
  }
  const documents = documentsToPrint(sale, journal, what)
  journal.note(sale.saleId, 'print-started', { what, documents: documents.map((d) => d.name), printer: printer.name })
  await afterStep('print-started')
  let out = 0
  try {
    printedSoFar(0, documents.length)
    for (const doc of documents) {
      await printer.print(doc)
      journal.note(sale.saleId, 'document-printed', { what, name: doc.name, printer: printer.name })
      printedSoFar(++out, documents.length)
    }
  } catch (error) {
    printStopped(journal, sale, what, documents.slice(out).map((d) => d.name), error)
    return false
  }
  // A sale's first full print moves it to "printed"; reprints and slips only add a step.
  if (what === 'sale' && sale.state === 'confirmed') allOut(journal, journal.record(sale.saleId, 'printed', 'confirmed', { printed: true }, { what }))
  else journal.note(sale.saleId, 'printed', { what })
  await afterStep('printed')
  return true
}
