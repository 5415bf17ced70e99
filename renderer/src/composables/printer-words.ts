import type { PrinterStateView } from '@contract'
import { useI18n } from 'vue-i18n'

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
