import type { CashCount, ChannelResponse, ErrorReply, ShiftReportView, ShiftSale } from '@contract'
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { useFoyer } from '../bridge/foyer'
import { useCounterStore } from './counter'
import { replyRunner } from './reply'
import { useSettingsStore } from './settings'

/**
 * The counter's shift: opened with the cash float, read at any time (X
 * report), closed with the cash counted (Z report). Main keeps the shift and
 * files every counter sale under it; this store only shows it. A refund, and
 * a close whose count is off by more than the tolerance, need a supervisor:
 * main says so, and the screen asks for a supervisor's PIN for that one action.
 */
/** What main answers a counter refund: its state, the tender, amount and card's last four digits, who asked and who approved. */
export type CounterRefundDone = ChannelResponse<'checkout.refund'>

export type PendingApproval = { kind: 'refund'; saleId: string } | { kind: 'close'; count: CashCount }

export const useShiftStore = defineStore('shift', () => {
  /** The open shift's reading, or the Z report just taken; null: no shift open. */
  const report = ref<ShiftReportView | null>(null)
  /** The open shift's sales, newest first, for reprints and refunds. */
  const sales = ref<ShiftSale[]>([])
  /** The sale last reprinted, and whether it printed, for the screen to say. */
  const reprinted = ref<{ saleId: string; printed: boolean } | null>(null)
  /** The sale last refunded: how the money goes back (for the instruction the cashier reads), who asked and who approved. */
  const refunded = ref<({ saleId: string } & CounterRefundDone) | null>(null)
  /** Whether the last report sent to the printer printed. */
  const reportPrinted = ref<boolean | null>(null)
  /** An action waiting for a supervisor's PIN. */
  const pendingApproval = ref<PendingApproval | null>(null)
  /** The drawer's tolerance (settings), for the screen to say what the count was judged by. */
  const settings = useSettingsStore()
  const toleranceCents = computed(() => settings.view?.cashToleranceCents ?? null)
  const busy = ref(false)
  const error = ref<ErrorReply | null>(null)
  const call = replyRunner(busy, error)

  async function load(): Promise<void> {
    const current = await call(() => useFoyer().shift.current())
    if (current !== null || error.value === null) report.value = current
    sales.value = current ? ((await call(() => useFoyer().shift.sales())) ?? []) : []
    await settings.ready()
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

  /** Main refuses a supervisor's action without one: the screen then asks for a supervisor's PIN. */
  // A cashier's own PIN is refused in words of its own, under the same code: the screen still asks for a supervisor's.
  const needsSupervisor = () => error.value?.code === 'staff.supervisor-needed'

  async function close(count: CashCount, approvalPin?: string): Promise<void> {
    const closed = await call(() => useFoyer().shift.close({ count, approvalPin }))
    if (closed) {
      pendingApproval.value = null
      report.value = closed
      sales.value = []
    } else if (needsSupervisor()) pendingApproval.value = { kind: 'close', count }
  }

  async function refund(saleId: string, approvalPin?: string): Promise<void> {
    const done = await call(() => useFoyer().checkout.refund({ saleId, approvalPin }))
    if (done) {
      pendingApproval.value = null
      refunded.value = { saleId, ...done }
      await load()
    } else if (needsSupervisor()) pendingApproval.value = { kind: 'refund', saleId }
  }

  /** A refund asked for (shift screen, sale screen): a supervisor signed in refunds at once (main checks it is them); a cashier's waits for a supervisor's PIN. */
  function askRefund(saleId: string): void {
    if (useCounterStore().who?.role === 'supervisor') void refund(saleId)
    else pendingApproval.value = { kind: 'refund', saleId }
  }

  /** The supervisor typed their PIN: the waiting action is tried again with it, for that action only. */
  async function approve(pin: string): Promise<void> {
    const pending = pendingApproval.value
    if (pending?.kind === 'close') await close(pending.count, pin)
    else if (pending?.kind === 'refund') await refund(pending.saleId, pin)
  }

  function cancelApproval(): void {
    pendingApproval.value = null
    error.value = null
  }

  async function print(kind: 'X' | 'Z'): Promise<void> {
    reportPrinted.value = null
    const done = await call(() => useFoyer().shift.print({ kind }))
    if (done) reportPrinted.value = done.printed
  }

  return { report, sales, reprinted, refunded, reportPrinted, pendingApproval, toleranceCents, busy, error, load, open, close, reprint, refund, askRefund, approve, cancelApproval, print }
})
