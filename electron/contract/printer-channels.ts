import { z } from 'zod'
import { saleLanguageSchema } from './checkout-channels'
import { pinTriedSchema } from './staff-channels'

/**
 * This kiosk's or counter's ticket printer (issue #24): which one staff chose,
 * whether it can print now, and staff's test ticket. Every screen may ask the
 * printer's state (the attract screen will not let a customer start when the
 * printer cannot print); main asks the printer again before a self-service
 * card is taken, whatever the screen says.
 *
 * The limits here only bound the message; main's settings store judges each
 * value and says which rule one broke (settings/printer-settings.ts).
 */
export const printerConfigSchema = z.discriminatedUnion('kind', [
  /** The OS's printer (Electron's), or the browser host's spool: Foyer cannot ask it, and takes it as ready. */
  z.object({ kind: z.literal('system') }).strict(),
  /** An IPP printer or print server: host[:port] (631 unless given) and the queue's path there. */
  z.object({ kind: z.literal('ipp'), address: z.string().max(300), queue: z.string().max(300) }).strict(),
  /** A network printer on TCP 9100 (unless a port is given) spoken to in its own language. */
  z.object({ kind: z.literal('raw'), address: z.string().max(300), language: z.enum(['escpos', 'fgl']) }).strict(),
])
export type PrinterConfigView = z.infer<typeof printerConfigSchema>

/** A printer's trouble in box-office words (electron/printers/printer-port.ts); the screens say each in four languages. */
export const printerProblemSchema = z.enum(['no-paper', 'paper-low', 'paper-jam', 'cutter-jam', 'cover-open', 'offline', 'paused', 'refusing-jobs', 'not-answering', 'printer-fault'])
export type PrinterProblemName = z.infer<typeof printerProblemSchema>

/** Ready; paper low (still printing: staff's to know, not the customer's); or cannot print, and why. */
export const printerStateSchema = z
  .object({
    state: z.enum(['ready', 'paper-low', 'cannot-print']),
    problems: z.array(printerProblemSchema).max(10),
    /** The printer staff chose, as they would name it ("Ticket printer (IPP, localhost:631)"). */
    printer: z.string().max(400),
    kind: z.enum(['system', 'ipp', 'raw']),
  })
  .strict()
export type PrinterStateView = z.infer<typeof printerStateSchema>

export const printerChannels = {
  /** The printer's state as main last heard it; `check` asks the printer now (the attract screen, as a customer may start). */
  'printer.status': {
    request: z.object({ check: z.boolean().optional() }).strict(),
    response: printerStateSchema,
  },
} as const

export const printerAdminChannels = {
  /** Staff's test ticket, printed through the printer as saved now, in the staff screen's language; says what is wrong if it does not print. */
  'printer.test': {
    request: z.object({ pin: pinTriedSchema, language: saleLanguageSchema.optional() }).strict(),
    response: z.object({ printed: z.boolean(), printerState: printerStateSchema, detail: z.string().max(1000) }).strict(),
  },
} as const

export const printerPushes = {
  /** The printer's state changed (a poll, a check before payment, staff's test or settings). */
  'printer.changed': printerStateSchema,
} as const
