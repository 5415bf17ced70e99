import { MAIL_DELIVERY } from '../contract/delivery'
import type { SaleRecord, SalesJournal } from '../journal/sales-journal'
import { receiptDocument, refundSlipDocument, ticketDocuments, type PrintDocument } from '../printing/documents'
import { cardFromSteps } from '../printing/format'
import { venuesFromSteps } from '../journal/sale-steps'
import { languageFromSteps } from '../printing/paper-words'
import type { DocumentPrinter } from '../printing/printer-port'
import { standaloneApprovalCode } from './standalone'

/**
 * Printing a sale's documents, journalled before and after: tickets (unless
 * they go by registered mail) and the receipt once the vendor confirmed the
 * sale; a slip when a payment was given back. A crash while printing leaves
 * "print-started" without "printed": recovery prints again (the same tickets,
 * the same barcodes: a second copy is harmless, a missing one is not).
 */
export type PrintWhat = 'sale' | 'tickets' | 'receipt' | 'refund'

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

/**
 * Prints and journals; answers whether everything printed. A failure is journalled, never thrown: the sale stands.
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
  const documents = documentsOf(sale, journal, what)
  journal.note(sale.saleId, 'print-started', { what, documents: documents.map((d) => d.name), printer: printer.name })
  await afterStep('print-started')
  try {
    printedSoFar(0, documents.length)
    for (const [index, doc] of documents.entries()) {
      await printer.print(doc)
      printedSoFar(index + 1, documents.length)
    }
  } catch (error) {
    journal.note(sale.saleId, 'print-failed', { what, reason: (error as Error).message })
    return false
  }
  // A sale's first full print moves it to "printed"; reprints and slips only add a step.
  if (what === 'sale' && sale.state === 'confirmed') journal.record(sale.saleId, 'printed', 'confirmed', { printed: true }, { what })
  else journal.note(sale.saleId, 'printed', { what })
  await afterStep('printed')
  return true
}
