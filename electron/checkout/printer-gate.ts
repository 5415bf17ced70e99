import { ETICKET_DELIVERY, type AppMode, type PrinterStateView, type TenderName } from '../contract'
import { FoyerError } from '../ipc-core/foyer-error'

/**
 * Never take a self-service customer's card for tickets that cannot be
 * printed (issue #24): before the card, main asks the printer again, whatever
 * the attract screen showed when the customer started. Refused, nothing is
 * taken and the sale stays as it was (invoiced, its seats held) for the
 * customer to cancel, or to pay once the printer is back. Paper low still
 * prints. A counter has staff, other tenders and e-tickets: it is not refused
 * here (staff see the printer's state on their screen).
 *
 * Where the venue's settings allow it, a kiosk whose printer cannot print
 * sells e-tickets only: an e-ticket sale goes ahead with nothing sent to the
 * printer (./sale-printing.ts), and any delivery that would print here is
 * refused. Main decides that on the printer's word and the saved setting, never
 * on what the screen offered: a screen could offer printed tickets all the same.
 */
export type AskPrinter = () => Promise<PrinterStateView>

export interface PrinterGate {
  /** Asks the ticket printer now. */
  ask: AskPrinter
  /** The venue's setting: when the printer cannot print, the kiosk sells e-tickets only. */
  eticketsWhenCannotPrint: () => boolean
}

/** How a self-service sale may go on: printed here as usual, or as e-tickets with nothing printed. */
export type PrintingVerdict = 'print' | 'etickets-only'

function cannotPrint(printer: PrinterStateView): FoyerError {
  return new FoyerError({
    code: 'checkout.printer-cannot-print',
    messageKey: 'checkout.errors.printerCannotPrint',
    retryable: true,
    detail: `the ticket printer cannot print (${printer.problems.join(', ')}); nothing was charged`,
  })
}

function eticketsOnly(printer: PrinterStateView): FoyerError {
  return new FoyerError({
    code: 'checkout.printer-etickets-only',
    messageKey: 'checkout.errors.printerEticketsOnly',
    retryable: true,
    detail: `the ticket printer cannot print (${printer.problems.join(', ')}): this kiosk sells e-tickets only; nothing was ordered or charged`,
  })
}

/**
 * Before the card: 'print' when the printer can print (or nothing is asked here), 'etickets-only' for an
 * e-ticket sale the setting lets go on without the printer; anything else is refused, nothing charged.
 */
export async function printingVerdict(mode: AppMode, tender: TenderName, delivery: string | undefined, gate: PrinterGate | null): Promise<PrintingVerdict> {
  if (!gate || mode !== 'self-service' || tender !== 'card') return 'print'
  const printer = await gate.ask()
  if (printer.state !== 'cannot-print') return 'print'
  if (!gate.eticketsWhenCannotPrint()) throw cannotPrint(printer)
  if (delivery === ETICKET_DELIVERY) return 'etickets-only'
  throw eticketsOnly(printer)
}

/**
 * Before the order is placed: with the setting on, an order that would print here is refused while the
 * printer cannot print, so no seats are ordered for it (the customer chooses e-tickets instead). With the
 * setting off the kiosk is out of service meanwhile, and the card is refused at payment as before.
 */
export async function refusePrintedOrder(mode: AppMode, tender: TenderName, delivery: string, gate: PrinterGate | null): Promise<void> {
  if (!gate?.eticketsWhenCannotPrint() || delivery === ETICKET_DELIVERY) return
  await printingVerdict(mode, tender, delivery, gate)
}
