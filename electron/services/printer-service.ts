import type { PrinterStateView, SaleLanguage } from '../contract'
import type { Handler } from '../ipc-core/dispatcher'
import { printerOfChoice, type ChosenPrinter, type PrinterChoice } from '../printers/chosen-printer'
import type { RenderBitmap } from '../printers/raw/bitmap'
import type { TicketText } from '../printers/raw/ticket-text'
import { PrintFailed, readinessOf } from '../printers/printer-port'
import { testTicket } from '../printers/test-ticket'
import type { PrintDocument } from '../printing/documents'
import { testTicketDocument } from '../printing/test-ticket-page'
import type { DocumentPrinter } from '../printing/printer-port'
import { printerFields } from '../settings/printer-settings'
import type { PrinterReadiness } from './printer-readiness'
import { refusalByField } from './setting-refusal'

/**
 * The printer staff chose, as main asks it (./printer-readiness.ts), and
 * staff's "Print test ticket": printed through that very printer, and said in
 * words, whatever went wrong (out of paper, cover open, not answering).
 */
export const printerMessageKeys = printerFields.map((field) => `printer.refused.${field}`)

/** What staff call the ticket printer in the names Foyer gives it. */
export const PRINTER_LABEL = 'Ticket printer'

/** A chosen printer and its kind, for readiness; the browser host's spool (its system printer) is one Foyer cannot ask. */
export type AskablePrinter = { chosen: ChosenPrinter; kind: PrinterStateView['kind'] }

/**
 * The printer as staff chose it, made once per choice (a Boca's port keeps
 * what the printer said between connections). The system printer is the
 * host's (`system`: the OS queue in the app, ../printing/os-queue-printer.ts);
 * null where the host has none it can ask (the browser host's spool).
 */
export function choosePrinter(choice: () => PrinterChoice, raster?: RenderBitmap<PrintDocument>, system?: ChosenPrinter): () => AskablePrinter | null {
  // A raw printer prints the test ticket as its page's dots where the host lays pages out so.
  const ticketRaster = raster && { render: raster, pageOf: (name: string, ticket: TicketText) => testTicketDocument(name, ticket, ticket.language) }
  let made: { key: string; printer: AskablePrinter | null } | null = null
  return () => {
    const now = choice()
    const key = JSON.stringify(now)
    if (made?.key !== key) {
      const chosen = now.kind === 'system' ? (system ?? null) : printerOfChoice(now, PRINTER_LABEL, ticketRaster)
      made = { key, printer: chosen && { chosen, kind: now.kind } }
    }
    return made.printer
  }
}

/** A refused printer setting, worded by field (`printer.refused.address`...); null for any other setting. */
export const printerRefusal = refusalByField('printer', printerFields)

export interface PrinterServiceDeps {
  readiness: PrinterReadiness
  printer: () => AskablePrinter | null
  /** The system printer (Electron's, or the browser host's spool); null: none. */
  systemPrinter: DocumentPrinter | null
  requirePin: (pin: string) => Promise<unknown>
}

/** The test ticket on the system printer: it says it printed when its queue took it, which is all Electron's callback says. */
async function testOnSystem(deps: PrinterServiceDeps, language: SaleLanguage) {
  const printer = deps.systemPrinter
  const state = deps.readiness.current()
  if (!printer) return { printed: false, printerState: state, detail: 'no system printer is set up for this kiosk' }
  try {
    await printer.print(testTicketDocument('foyer-test-ticket', testTicket('system printer', language, new Date()), language))
    return { printed: true, printerState: state, detail: `sent to ${printer.name}` }
  } catch (error) {
    return { printed: false, printerState: state, detail: (error as Error).message }
  }
}

async function testOnPort(deps: PrinterServiceDeps, askable: AskablePrinter, language: SaleLanguage) {
  const { chosen, kind } = askable
  try {
    const done = await chosen.printTicket('foyer-test-ticket', testTicket(chosen.name, language, new Date()))
    return { printed: true, printerState: deps.readiness.heard(done.readiness, chosen.name, kind), detail: `printed on ${chosen.name}` }
  } catch (error) {
    if (!(error instanceof PrintFailed)) throw error
    // The printer's own reasons, in words on the staff screen; the detail says which stage it failed at.
    const printerState = deps.readiness.heard(readinessOf(error.problems), chosen.name, kind)
    return { printed: false, printerState, detail: error.message }
  }
}

export function printerHandlers(readiness: PrinterReadiness): { 'printer.status': Handler<'printer.status'> } {
  return {
    'printer.status': ({ check }) => (check ? readiness.check() : readiness.current()),
  }
}

export function printerTestHandler(deps: PrinterServiceDeps): { 'printer.test': Handler<'printer.test'> } {
  return {
    'printer.test': async ({ pin, language }) => {
      await deps.requirePin(pin)
      const askable = deps.printer()
      return askable ? testOnPort(deps, askable, language ?? 'en-SG') : testOnSystem(deps, language ?? 'en-SG')
    },
  }
}
