import { IppPrinter } from './ipp/ipp-printer'
import { readinessOf, type PrinterProblem, type PrinterReadiness } from './printer-port'

/**
 * The system printer (a printer installed with its driver in the operating
 * system's queue) as the print system reports it, not as the job callback
 * does: Electron's print callback says only that the queue took the job
 * (electron/electron#38975), and Electron's printer list no longer carries a
 * status. So each print system is asked itself (./os-printer-list.ts):
 *
 * - CUPS (Linux, macOS): the queue's own IPP address (`printer-uri-supported`,
 *   ipp://localhost/printers/<queue>) is asked over IPP, as any IPP printer
 *   is (./ipp/): its state and reasons before, the job's own state after.
 * - Windows: the spooler's printer as WMI's Win32_Printer describes it (its
 *   detected error state, status and offline flag); the job itself is known
 *   only as far as the spooler then says the printer is fine.
 */
export type OsPrinter =
  | { system: 'cups'; name: string; isDefault: boolean; uri: string }
  | { system: 'windows'; name: string; isDefault: boolean; printerStatus: number; detectedErrorState: number; workOffline: boolean }

/** The printers the operating system lists now. */
export type ListOsPrinters = () => Promise<OsPrinter[]>

/** Win32_Printer.DetectedErrorState (WMI): 3 low paper, 4 no paper, 5 low toner, 6 no toner, 7 door open, 8 jammed, 9 offline, 10 service requested, 11 output bin full. */
const DETECTED_ERROR: Record<number, PrinterProblem> = {
  3: 'paper-low',
  4: 'no-paper',
  6: 'printer-fault',
  7: 'cover-open',
  8: 'paper-jam',
  9: 'offline',
  10: 'printer-fault',
  11: 'printer-fault',
}
/** Win32_Printer.PrinterStatus: 6 stopped printing, 7 offline. */
const PRINTER_STATUS: Record<number, PrinterProblem> = { 6: 'printer-fault', 7: 'offline' }

/** What the Windows spooler says is wrong with a printer, in box-office words, each once (CUPS is asked over IPP instead). */
export function windowsProblems(printer: Extract<OsPrinter, { system: 'windows' }>): PrinterProblem[] {
  const problems = [DETECTED_ERROR[printer.detectedErrorState], PRINTER_STATUS[printer.printerStatus], printer.workOffline ? 'offline' : undefined]
  return [...new Set(problems.filter((p): p is PrinterProblem => p !== undefined))]
}

/** The named printer, or the system's default when no name is set; undefined when there is none. */
export function osPrinterNamed(printers: readonly OsPrinter[], deviceName: string | null): OsPrinter | undefined {
  return deviceName === null ? printers.find((p) => p.isDefault) : printers.find((p) => p.name === deviceName)
}

export interface OsQueueOptions {
  list: ListOsPrinters
  /** The system's name of the printer; null: the system's default printer. */
  deviceName: string | null
  /** What staff call it. */
  label: string
  /** How often an IPP job is asked after (tests shorten it). */
  pollMs?: number
}

/** What the print system says of the system printer: its readiness, and the CUPS queue to print through, where there is one. */
export class OsQueue {
  readonly name: string

  constructor(private readonly options: OsQueueOptions) {
    this.name = `${options.label} (system printer${options.deviceName ? `, ${options.deviceName}` : ''})`
  }

  /** The printer as listed now; undefined: not installed, no default printer set, or the list could not be read. */
  async listed(): Promise<OsPrinter | undefined> {
    return osPrinterNamed(await this.options.list().catch(() => []), this.options.deviceName)
  }

  /** The system printer now: its CUPS queue, to ask and print through, or the spooler's word on it (Windows), listed once. */
  async now(): Promise<{ cups: IppPrinter } | { readiness: PrinterReadiness }> {
    const printer = await this.listed()
    if (!printer) return { readiness: readinessOf(['not-answering']) }
    if (printer.system === 'windows') return { readiness: readinessOf(windowsProblems(printer)) }
    return { cups: this.#ippOf(printer) }
  }

  #ippOf(printer: Extract<OsPrinter, { system: 'cups' }>): IppPrinter {
    return new IppPrinter({ uri: printer.uri, label: this.options.label, ...(this.options.pollMs ? { pollMs: this.options.pollMs } : {}) })
  }

  async status(): Promise<PrinterReadiness> {
    const now = await this.now()
    // CUPS is asked directly, so it says the queue's state as it is now.
    return 'cups' in now ? now.cups.status() : now.readiness
  }
}
