import type { PrinterStateView } from '@contract'
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { useI18n } from 'vue-i18n'
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

/** A printer's problems in words, listed as the screen's language lists them ("out of paper and cover open"; "缺纸和机盖未关"). */
export function usePrinterProblemWords() {
  const { t, locale } = useI18n()
  return (problems: readonly PrinterStateView['problems'][number][]): string =>
    new Intl.ListFormat(locale.value, { type: 'conjunction' }).format(problems.map((problem) => t(`printer.problems.${problem}`)))
}

/** The printer's state in words for staff: "Printer cannot print: out of paper and cover open". */
export function usePrinterWords() {
  const { t } = useI18n()
  const list = usePrinterProblemWords()
  return (view: PrinterStateView | null): string | null => (view ? t(`printer.state.${view.state}`, { why: list(view.problems) }) : null)
}
