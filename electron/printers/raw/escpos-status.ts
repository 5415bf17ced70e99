import { stopsPrinting, type PrinterProblem } from '../printer-port'

/**
 * An ESC/POS printer's real-time status, as Epson's ESC/POS command reference
 * gives `DLE EOT n` (Transmit real-time status; TM-T88 series and the printers
 * that follow it, Star and Custom in ESC/POS mode among them). The printer
 * answers each request with one byte at once, even while offline or out of
 * paper. Every answer has bit 1 and bit 4 set and bits 0 and 7 clear, which
 * tells an answer from anything else on the line (GS r's answer has bit 4
 * clear).
 *
 * n = 1 printer:      bit 3 offline
 * n = 2 offline cause: bit 2 cover open, bit 5 printing stopped at paper end, bit 6 an error occurred
 * n = 3 error cause:   bit 3 autocutter error, bit 5 unrecoverable error, bit 6 automatically recoverable error
 * n = 4 paper sensor:  bits 2-3 paper near end, bits 5-6 paper end
 */
export const DLE_EOT = (n: 1 | 2 | 3 | 4): Uint8Array => Uint8Array.from([0x10, 0x04, n])

/** GS r 1, "transmit paper sensor status": answered only once the printer has worked through all it received before. */
export const GS_R_PAPER = Uint8Array.from([0x1d, 0x72, 0x01])

export const isRealtimeAnswer = (byte: number): boolean => (byte & 0x93) === 0x12
/** GS r's answer: bit 4 and bit 7 clear (Epson, GS r). */
export const isSequentialAnswer = (byte: number): boolean => (byte & 0x90) === 0

export interface EscPosStatusBytes {
  printer: number
  offlineCause: number
  errorCause: number
  paper: number
}

const has = (byte: number, mask: number) => (byte & mask) !== 0

/** The box-office problems the four status bytes say, each once. */
export function escPosProblems(status: EscPosStatusBytes): PrinterProblem[] {
  const problems: PrinterProblem[] = []
  if (has(status.paper, 0x60) || has(status.offlineCause, 0x20)) problems.push('no-paper')
  else if (has(status.paper, 0x0c)) problems.push('paper-low')
  if (has(status.offlineCause, 0x04)) problems.push('cover-open')
  if (has(status.errorCause, 0x08)) problems.push('cutter-jam')
  if (!problems.some(stopsPrinting) && (has(status.errorCause, 0x60) || has(status.offlineCause, 0x40))) problems.push('printer-fault')
  // Offline with a cause named above is that cause; offline with none is offline.
  if (has(status.printer, 0x08) && !problems.some(stopsPrinting)) problems.push('offline')
  return problems
}
