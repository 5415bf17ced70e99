import type { AppMode, PrinterStateView, TenderName } from '../contract'
import { FoyerError } from '../ipc-core/foyer-error'

/**
 * Never take a self-service customer's card for tickets that cannot be
 * printed (issue #24): before the card, main asks the printer again, whatever
 * the attract screen showed when the customer started. Refused, nothing is
 * taken and the sale stays as it was (invoiced, its seats held) for the
 * customer to cancel, or to pay once the printer is back. Paper low still
 * prints. A counter has staff, other tenders and e-tickets: it is not refused
 * here (staff see the printer's state on their screen).
 */
export type AskPrinter = () => Promise<PrinterStateView>

export async function refuseWhenCannotPrint(mode: AppMode, tender: TenderName, ask: AskPrinter | null): Promise<void> {
  if (!ask || mode !== 'self-service' || tender !== 'card') return
  const printer = await ask()
  if (printer.state !== 'cannot-print') return
  throw new FoyerError({
    code: 'checkout.printer-cannot-print',
    messageKey: 'checkout.errors.printerCannotPrint',
    retryable: true,
    detail: `the ticket printer cannot print (${printer.problems.join(', ')}); nothing was charged`,
  })
}
