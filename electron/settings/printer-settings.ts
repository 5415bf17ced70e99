import { z } from 'zod'
import { IPP_PORT, IPP_QUEUE_PATTERN, parsePrinterAddress } from '../printers/printer-address'
import { RAW_PORT } from '../printers/raw/raw-link'

/**
 * The ticket printer of this kiosk or counter, as staff chose it on the staff
 * screen (../printers/chosen-printer.ts): the system printer, an IPP printer
 * (address and queue) or a raw network printer (address and language).
 * Replaced whole. The messages name the rule, never the value.
 */
const addressFor = (defaultPort: number) =>
  z
    .string()
    .max(300)
    .refine((value) => parsePrinterAddress(value, defaultPort) !== null, { error: `must be an IP address or host name, with :port when not ${defaultPort}` })

export const printerSettingsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('system') }).strict(),
  z
    .object({
      kind: z.literal('ipp'),
      address: addressFor(IPP_PORT),
      queue: z.string().max(300).regex(IPP_QUEUE_PATTERN, { error: 'must be the queue’s path at the print server, like printers/Lobby or ipp/print' }),
    })
    .strict(),
  z.object({ kind: z.literal('raw'), address: addressFor(RAW_PORT), language: z.enum(['escpos', 'fgl']) }).strict(),
])
export type PrinterSettings = z.infer<typeof printerSettingsSchema>

/** The printer fields staff can be told about one by one (the renderer words each). */
export const printerFields = ['address', 'queue', 'language'] as const

export const DEFAULT_PRINTER: PrinterSettings = { kind: 'system' }
