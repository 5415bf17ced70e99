import type { CashCount, ErrorReply, ShiftReportView, ShiftSale } from '@contract'
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { useFoyer } from '../bridge/foyer'
import { replyRunner } from './reply'

/**
 * The counter's shift: opened with the cash float, read at any time (X
 * report), closed with the cash counted (Z report). Main keeps the shift and
 * files every counter sale under it; this store only shows it.
 */
export const useShiftStore = defineStore('shift', () => {
  /** The open shift's reading, or the Z report just taken; null: no shift open. */
  const report = ref<ShiftReportView | null>(null)
  /** The open shift's sales, newest first, for reprints. */
  const sales = ref<ShiftSale[]>([])
  /** The sale last reprinted, and whether it printed, for the screen to say. */
  const reprinted = ref<{ saleId: string; printed: boolean } | null>(null)
  const busy = ref(false)
  const error = ref<ErrorReply | null>(null)
  const call = replyRunner(busy, error)

  async function load(): Promise<void> {
    const current = await call(() => useFoyer().shift.current())
    if (current !== null || error.value === null) report.value = current
    sales.value = current ? ((await call(() => useFoyer().shift.sales())) ?? []) : []
  }

  /** Prints a sale's tickets or receipt again, from the journal. */
  async function reprint(saleId: string, what: 'tickets' | 'receipt'): Promise<void> {
    const done = await call(() => useFoyer().checkout.reprint({ saleId, what }))
    if (done) reprinted.value = { saleId, printed: done.printed }
  }

  async function open(floatCents: number): Promise<void> {
    const opened = await call(() => useFoyer().shift.open({ floatCents }))
    if (opened) report.value = opened
  }

  async function close(count: CashCount): Promise<void> {
    const closed = await call(() => useFoyer().shift.close({ count }))
    if (closed) {
      report.value = closed
      sales.value = []
    }
  }

  return { report, sales, reprinted, busy, error, load, open, close, reprint }
})
