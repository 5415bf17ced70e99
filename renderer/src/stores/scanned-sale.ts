import type { ErrorReply, FoundSale } from '@contract'
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { useFoyer } from '../bridge/foyer'
import { replyRunner } from './reply'

/**
 * The sale a counter's scanner found (issue #34), and what the last scan came to: the code no sale has
 * ("No sale found for …"), or the code scanned while a sale was in progress, refused but kept until the
 * cashier opens it once that sale is over. Main finds the sale (`sales.find`); this store only keeps it.
 */
export const useScannedSaleStore = defineStore('scannedSale', () => {
  /** The sale shown on the sale screen, and the code it was found by. */
  const sale = ref<FoundSale | null>(null)
  const code = ref<string | null>(null)
  /** The last code no sale was found for. */
  const notFound = ref<string | null>(null)
  /** A code scanned during a sale in progress: refused, not lost. */
  const waiting = ref<string | null>(null)
  const busy = ref(false)
  const error = ref<ErrorReply | null>(null)
  const call = replyRunner(busy, error)

  /** Looks the code up; answers whether a sale was found (then it is the one shown). */
  async function find(scanned: string): Promise<boolean> {
    notFound.value = null
    const found = await call(() => useFoyer().sales.find({ code: scanned }))
    if (found) {
      sale.value = found
      code.value = scanned
      if (waiting.value === scanned) waiting.value = null
      return true
    }
    if (found === null && error.value === null) notFound.value = scanned
    return false
  }

  /** A scan during a sale in progress: kept for after, and said. */
  function refuse(scanned: string): void {
    notFound.value = null
    waiting.value = scanned
  }

  /** The cashier put the notice away: the code kept, or the one not found, is forgotten. */
  function dismiss(): void {
    notFound.value = null
    waiting.value = null
    error.value = null
  }

  /** Signed out: the next person at the counter sees nothing of the last one's scans. */
  function forget(): void {
    dismiss()
    sale.value = null
    code.value = null
  }

  return { sale, code, notFound, waiting, busy, error, find, refuse, dismiss, forget }
})
