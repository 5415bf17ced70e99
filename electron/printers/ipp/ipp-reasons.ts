import { stopsPrinting, type PrinterProblem } from '../printer-port'

/**
 * What a print server's printer-state-reasons (RFC 8011, 5.4.12; PWG 5100.9)
 * mean at the box office. A keyword may carry a severity suffix, -report,
 * -warning or -error: CUPS and ippeveprinter say "media-empty-report" at an
 * idle printer and "media-empty-warning" while a job waits for paper. The
 * severity does not change what staff must do (an empty tray is empty), so
 * it is read off; an unknown keyword counts only at -error severity.
 */
const REASONS: Record<string, PrinterProblem> = {
  'media-empty': 'no-paper',
  'media-needed': 'no-paper',
  'media-low': 'paper-low',
  'media-jam': 'paper-jam',
  'cover-open': 'cover-open',
  'door-open': 'cover-open',
  'interlock-open': 'cover-open',
  offline: 'offline',
  shutdown: 'offline',
  'timed-out': 'offline',
  paused: 'paused',
  'moving-to-paused': 'paused',
  'marker-supply-empty': 'printer-fault',
  'toner-empty': 'printer-fault',
  'spool-area-full': 'refusing-jobs',
}

const SEVERITY = /-(report|warning|error)$/

/** The box-office problems among a printer's (or a job's) state reasons, in order, each once. */
export function problemsOfReasons(reasons: readonly string[]): PrinterProblem[] {
  const problems: PrinterProblem[] = []
  for (const reason of reasons) {
    const keyword = reason.replace(SEVERITY, '')
    const problem = REASONS[keyword] ?? (reason.endsWith('-error') ? 'printer-fault' : undefined)
    if (problem && !problems.includes(problem)) problems.push(problem)
  }
  return problems
}

/** printer-state's enum (RFC 8011, 5.4.11). */
export const PRINTER_STATE = { idle: 3, processing: 4, stopped: 5 } as const

/** The problems of a printer as its attributes describe it: its reasons, a stop with none given, jobs refused. */
export function printerProblems(state: number | undefined, reasons: readonly string[], acceptingJobs: boolean | undefined): PrinterProblem[] {
  const problems = problemsOfReasons(reasons)
  if (state === PRINTER_STATE.stopped && !problems.some(stopsPrinting)) problems.push('printer-fault')
  if (acceptingJobs === false && !problems.includes('refusing-jobs')) problems.push('refusing-jobs')
  return problems
}
