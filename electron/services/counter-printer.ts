import type { AppMode } from '../contract'
import { FoyerError } from '../ipc-core/foyer-error'
import type { Handler } from '../ipc-core/dispatcher'
import type { PrinterChoice } from '../printers/chosen-printer'
import type { PrinterReadiness } from './printer-readiness'

/**
 * The counter's other printer (#24): staff settings set up one ticket printer;
 * when it cannot print, a cashier at the counter may print on the system
 * printer instead (the OS's queue, or the browser host's spool) until they
 * switch back or Foyer restarts. Only for the running counter, never saved:
 * which printer a kiosk or counter uses for good stays a supervisor's setting.
 * A self-service kiosk is refused (its customer cannot put a printer right).
 */
export class CounterPrinterSwitch {
  #system = false

  /** The choice as sales print and readiness asks: the system printer while staff switched to it. */
  applied(saved: PrinterChoice): PrinterChoice {
    return this.#system ? { kind: 'system' } : saved
  }

  use(printer: 'chosen' | 'system'): void {
    this.#system = printer === 'system'
  }
}

export const counterPrinterMessageKeys = ['printer.errors.counterOnly'] as const

/** `counter.usePrinter`: switches, then asks the printer now in use, so the screen shows its state at once. */
export function counterPrinterHandler(
  printers: CounterPrinterSwitch,
  readiness: PrinterReadiness,
  mode: () => AppMode,
): { 'counter.usePrinter': Handler<'counter.usePrinter'> } {
  return {
    'counter.usePrinter': ({ printer }) => {
      if (mode() !== 'counter') {
        throw new FoyerError({ code: 'printer.counter-only', messageKey: 'printer.errors.counterOnly', retryable: false, detail: 'only a counter switches its printer' })
      }
      printers.use(printer)
      return readiness.check()
    },
  }
}
