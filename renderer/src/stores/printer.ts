import type { PrinterStateView } from '@contract'
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { useFoyer } from '../bridge/foyer'
import { useSettingsStore } from './settings'
import { useSystemStore } from './system'

/**
 * The ticket printer's state as main knows it (issue #24): ready, paper low,
 * or cannot print and why. Main asks the printer while the kiosk is idle and
 * pushes every change, so the attract screen goes out of service when the
 * printer cannot print and comes back by itself; `check` asks main to ask the
 * printer now (a customer may be about to start). Main asks again before any
 * card is taken, whatever this says.
 *
 * Where the venue's settings allow it, a self-service kiosk that cannot print
 * sells e-tickets only instead of nothing (`eticketsOnly`): the attract screen
 * says so and lets the customer start, and the delivery choice offers
 * e-tickets alone until the printer is ready again. Main refuses anything that
 * would print here meanwhile, whatever this screen offered.
 */
export const usePrinterStore = defineStore('printer', () => {
  const state = ref<PrinterStateView | null>(null)
  let unsubscribe: (() => void) | null = null

  /** Unknown (not heard yet) is not "cannot print": main refuses the card itself if it turns out so. */
  const cannotPrint = computed(() => state.value?.state === 'cannot-print')
  const settings = useSettingsStore()
  const system = useSystemStore()
  /** A self-service kiosk whose printer cannot print, where staff chose to sell e-tickets then. */
  const eticketsOnly = computed(() => cannotPrint.value && system.info?.mode === 'self-service' && settings.view?.eticketsWhenCannotPrint === true)
  /** Sells nothing: cannot print, and e-tickets are not sold instead. */
  const outOfService = computed(() => cannotPrint.value && !eticketsOnly.value)

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

  return { state, cannotPrint, eticketsOnly, outOfService, check, dispose }
})
