/**
 * The port every printer Foyer speaks to directly fits: it says whether it can
 * print before a customer starts, and a print is done only when the printer
 * says so (the job completed, or the printer's status after the document),
 * never when a queue merely took the bytes (issue #24: Electron's print
 * callback answers at the queue, electron/electron#38975).
 *
 * A printer's trouble is said in box-office words (PrinterProblem), not in
 * the protocol's: IPP's media-empty, ESC/POS's "paper end" bits and Boca's
 * 0x10 byte are all "no-paper". ./printer-words.ts says each in the four
 * languages for the screens and staff.
 */
export type PrinterProblem =
  /** Out of paper or tickets: media-empty / media-needed, paper end, Boca's OUT OF PAPER. */
  | 'no-paper'
  /** A roll or ticket stack near its end: printing goes on, staff should load more. */
  | 'paper-low'
  | 'paper-jam'
  /** The cutter did not cut (ESC/POS autocutter error, Boca's CUTTER JAM). */
  | 'cutter-jam'
  | 'cover-open'
  /** The printer says it is offline or shut down. */
  | 'offline'
  /** Stopped by someone on purpose (paused at the print server). */
  | 'paused'
  /** The print server takes no jobs for it (printer-is-accepting-jobs false). */
  | 'refusing-jobs'
  /** Nothing answers at its address, or not as that kind of printer answers. */
  | 'not-answering'
  /** The printer reports an error of its own it does not name. */
  | 'printer-fault'

/** Problems that still let tickets come out; every other problem stops printing. */
const STILL_PRINTS: ReadonlySet<PrinterProblem> = new Set(['paper-low'])

/** Whether a problem keeps tickets from coming out (every one but paper low). */
export const stopsPrinting = (problem: PrinterProblem): boolean => !STILL_PRINTS.has(problem)

export type PrinterReadiness =
  | { state: 'ready' }
  | { state: 'paper-low'; problems: PrinterProblem[] }
  | { state: 'cannot-print'; problems: PrinterProblem[] }

/** What a printer's problems (deduplicated, in order) mean for selling: ready, paper low, or cannot print. */
export function readinessOf(problems: readonly PrinterProblem[]): PrinterReadiness {
  const unique = [...new Set(problems)]
  if (unique.length === 0) return { state: 'ready' }
  if (!unique.some(stopsPrinting)) return { state: 'paper-low', problems: unique }
  return { state: 'cannot-print', problems: unique }
}

/** What the printer said once the document was out: printed, perhaps with the paper now low. */
export interface PrintConfirmed {
  readiness: PrinterReadiness
  /** The print server's job number, where there is one (IPP). */
  jobId?: number
}

/**
 * A print that did not come out, or that the printer never confirmed.
 * `refused`: nothing was sent (the printer could not print beforehand);
 * `not-printed`: it was sent and the printer said it did not print it (or
 * the job was cancelled, aborted or stopped); `unconfirmed`: sent, and the
 * printer never said either way. The message says why in English for logs;
 * the screens say `problems` in the customer's or staff's language.
 */
export class PrintFailed extends Error {
  override readonly name = 'PrintFailed'
  constructor(
    readonly printer: string,
    readonly stage: 'refused' | 'not-printed' | 'unconfirmed',
    readonly problems: PrinterProblem[],
    detail: string,
  ) {
    super(`${printer}: ${detail}`)
  }
}

export interface PrinterPort<Document> {
  /** A name staff can read: "Box office printer (IPP, localhost:631)". */
  readonly name: string
  status(): Promise<PrinterReadiness>
  /** Resolves once the printer says the document is printed; rejects with PrintFailed otherwise. */
  print(document: Document): Promise<PrintConfirmed>
}
