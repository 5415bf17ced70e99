import type { SaleProgress } from '../contract/checkout-channels'
import type { Logger } from '../ipc-core/logger'

/**
 * What the customer is told while a paid sale finishes (the `checkout.progress`
 * push): after the payment is taken, `checkout.pay` still waits for the vendor
 * to confirm and for every ticket to print, 6 to 9 seconds in which the screen
 * would otherwise still show the card terminal's instructions. Read from the
 * journal steps checkout already announces and from the printer as each
 * document comes out; never anything about the card.
 */
export type ProgressSink = (progress: SaleProgress) => void

const stageAfter = new Map<string, SaleProgress['stage']>([
  ['payment-approved', 'paid'],
  ['confirm-started', 'confirming'],
])

/** The progress a journal step means for the customer, or null for steps they are not told about. */
export function progressAfterStep(saleId: string, step: string): SaleProgress | null {
  const stage = stageAfter.get(step)
  return stage ? { saleId, stage, printed: 0, documents: 0 } : null
}

/** `printed` of a sale's `documents` are out of the printer; all of them: done. */
export function printingProgress(saleId: string, printed: number, documents: number): SaleProgress {
  return { saleId, stage: printed >= documents ? 'done' : 'printing', printed, documents }
}

/** Tells the sink, if any; a sink that throws is logged, never passed on: a screen that cannot be told must not stop a paid sale. */
export function tellSafely(sink: ProgressSink | undefined, log?: Logger): (progress: SaleProgress | null) => void {
  return (progress) => {
    if (!progress || !sink) return
    try {
      sink(progress)
    } catch (error) {
      log?.warn('could not push the sale progress', { reason: (error as Error).message })
    }
  }
}
