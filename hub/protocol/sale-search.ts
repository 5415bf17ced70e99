import { z } from 'zod'
import { RefundPayload, SalePayload } from './record-payloads'

/**
 * A counter's scanner looking for a sale another device of the venue made (issue #34): the device asks
 * the hub (POST /device/sales/find) with the code it scanned, after its own journal had no sale for it.
 * The hub holds what devices uploaded and finds a sale by its booking or payment references or by one of
 * its tickets' barcodes (`ticketCodes`, which an older Foyer's sales lack: those by a reference only).
 * Read-only: the answer shows the sale, its refunds and where it was sold; a refund is made at the
 * device that took the money. Nothing about the patron: the answer has no place for one.
 */
export const SaleSearchRequest = z.strictObject({
  code: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{3,63}$/),
})
export type SaleSearchRequest = z.infer<typeof SaleSearchRequest>

/** A sale as another device uploaded it, less its patron. */
export const SearchedSale = SalePayload.omit({ patron: true, patronDays: true })

export const SaleSearchAnswer = z.strictObject({
  /** Newest first; none is an empty list. */
  sales: z
    .array(
      z.strictObject({
        deviceName: z.string().max(200),
        occurredAt: z.iso.datetime({ offset: true }),
        sale: SearchedSale,
        refunds: z.array(RefundPayload).max(20),
      }),
    )
    .max(10),
})
export type SaleSearchAnswer = z.infer<typeof SaleSearchAnswer>
