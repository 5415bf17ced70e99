import type { PrinterStateView } from '@contract'
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { useFoyer } from '../bridge/foyer'

/**
 * The ticket printer's state as main knows it (issue #24): ready, paper low,
 * or cannot print and why. Main asks the printer while the kiosk is idle and
 * pushes every change, so the attract screen goes out of service when the
 * printer cannot print and comes back by itself; `check` asks main to ask the
 * printer now (a customer may be about to start). Main asks again before any
 * card is taken, whatever this says.
 */
export const usePrinterStore = defineStore('printer', () => {
  const state = ref<PrinterStateView | null>(null)
  let unsubscribe: (() => void) | null = null

  /** Unknown (not heard yet) is not "cannot print": main refuses the card itself if it turns out so. */
  const cannotPrint = computed(() => state.value?.state === 'cannot-print')

  async function check(): Promise<void> {
    const foyer = useFoyer()
    unsubscribe ??= foyer.printer.onChanged((next) => {
      state.value = next
    })
    const reply = await foyer.printer.status({ check: true })
    if (reply.ok) state.value = reply.value
  }

  function dispose(): void {
    unsubscribe?.()
    unsubscribe = null
  }

  return { state, cannotPrint, check, dispose }
})
