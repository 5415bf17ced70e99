import { stopsPrinting, type PrinterProblem } from '../printer-port'

/**
 * The status bytes a Boca ticket printer sends back in FGL's normal status
 * mode (the factory default), as Boca documents them: TLS Boca Systems'
 * support note "Printer Status Operation Modes" (Lemur-X unsolicited and
 * solicited status) and the bi-directional status table of the Ghostwriter
 * user manual ("Printer status supplement"). The printer sends each change
 * once, unasked (ACK after every ticket printed, LOW PAPER, OUT OF PAPER,
 * PAPER JAM, ...), and answers the status request <S1> with X-ON only when it
 * is ready: not ready, it does not answer, and the reason is what it sent.
 */
export const FGL_STATUS_REQUEST = '<S1>'

export const FGL = {
  pathJam1: 0x03,
  pathJam2: 0x04,
  ticketAck: 0x06,
  outOfPaperPath1: 0x0a,
  outOfPaperPath2: 0x0b,
  paperLoadedPath1: 0x0c,
  paperLoadedPath2: 0x0d,
  lowPaper: 0x0f,
  outOfPaper: 0x10,
  xOn: 0x11,
  powerOn: 0x12,
  xOff: 0x13,
  nak: 0x15,
  ribbonOut: 0x17,
  paperJam: 0x18,
  illegalData: 0x19,
  powerUpProblem: 0x1a,
  downloadError: 0x1c,
  cutterJam: 0x1d,
} as const

const PROBLEM_OF: Record<number, PrinterProblem> = {
  [FGL.pathJam1]: 'paper-jam',
  [FGL.pathJam2]: 'paper-jam',
  [FGL.paperJam]: 'paper-jam',
  [FGL.outOfPaperPath1]: 'no-paper',
  [FGL.outOfPaperPath2]: 'no-paper',
  [FGL.outOfPaper]: 'no-paper',
  [FGL.lowPaper]: 'paper-low',
  [FGL.cutterJam]: 'cutter-jam',
  [FGL.ribbonOut]: 'printer-fault',
  [FGL.powerUpProblem]: 'printer-fault',
}

/** What one byte from the printer means: a ticket printed, the printer ready, a ticket refused, or a problem. */
export type FglEvent = 'printed' | 'ready' | 'refused' | null

/**
 * The printer's problems as the bytes so far tell them, one byte at a time.
 * X-ON (ready) and PAPER LOADED clear what stopped it; low paper stays until
 * the stock runs out, as Boca's note on low paper says.
 */
export class FglStatus {
  readonly problems = new Set<PrinterProblem>()

  take(byte: number): FglEvent {
    const problem = PROBLEM_OF[byte]
    if (problem) this.problems.add(problem)
    // The stock ran out: the printer's low state resets with it (Boca's note on low paper).
    if (problem === 'no-paper') this.problems.delete('paper-low')
    if (byte === FGL.paperLoadedPath1 || byte === FGL.paperLoadedPath2) this.problems.delete('no-paper')
    if (byte === FGL.xOn) {
      for (const stopping of [...this.problems]) if (stopsPrinting(stopping)) this.problems.delete(stopping)
      return 'ready'
    }
    if (byte === FGL.ticketAck) return 'printed'
    if (byte === FGL.nak || byte === FGL.illegalData || byte === FGL.downloadError) return 'refused'
    return null
  }
}
