import type { PrinterStateView } from '../contract'
import type { Logger } from '../ipc-core/logger'
import type { PushBus } from '../ipc-core/push-bus'
import type { ChosenPrinter } from '../printers/chosen-printer'
import type { PrinterReadiness as Readiness } from '../printers/printer-port'

/**
 * Whether this kiosk's or counter's printer can print, as main knows it: the
 * chosen printer's status() asked every `pollMs` while nothing is being sold
 * (a raw printer on port 9100 serves one connection at a time, and a sale's
 * print must not wait behind a poll), and again on demand: the attract screen
 * as a customer may start, and checkout before a self-service card is taken.
 * Every change is pushed (`printer.changed`), so the attract screen goes out
 * of service and comes back by itself.
 */
export interface PrinterReadinessOptions {
  /** The printer as staff chose it now (settings may change while Foyer runs); null: none Foyer can ask. */
  printer: () => { chosen: ChosenPrinter; kind: PrinterStateView['kind'] } | null
  pushes: PushBus
  /** A sale between its order and its tickets: polls wait for it to end. */
  busy?: () => boolean
  /** How often the printer is asked while idle; 10 s. */
  pollMs?: number
  log?: Logger
}

/**
 * Before the first answer, and for a system printer Foyer cannot ask (the browser host's spool, which only
 * keeps PDFs): ready unless known otherwise. The app's system printer is the OS queue, and is asked
 * (../printing/os-queue-printer.ts: CUPS over IPP, the Windows spooler's status).
 */
export const SYSTEM_PRINTER: PrinterStateView = { state: 'ready', problems: [], printer: 'system printer', kind: 'system' }

function viewOf(readiness: Readiness, printer: string, kind: PrinterStateView['kind']): PrinterStateView {
  return { state: readiness.state, problems: readiness.state === 'ready' ? [] : [...readiness.problems], printer, kind }
}

export class PrinterReadiness {
  #current: PrinterStateView = SYSTEM_PRINTER
  #asking: Promise<PrinterStateView> | null = null
  #queued: Promise<PrinterStateView> | null = null
  #timer: ReturnType<typeof setInterval> | null = null
  #detach: (() => void) | null = null

  constructor(private readonly options: PrinterReadinessOptions) {}

  /** What was last heard (the system printer, ready, before the first check). */
  current(): PrinterStateView {
    return this.#current
  }

  /**
   * Asks the printer now. An ask already under way began before this question
   * (paper may have been loaded since), so its answer is not this one's: one
   * more ask follows it, shared by everyone who asks meanwhile.
   */
  check(): Promise<PrinterStateView> {
    if (this.#asking) {
      this.#queued ??= this.#asking.then(() => {
        this.#queued = null
        return this.check()
      })
      return this.#queued
    }
    this.#asking = this.#ask().finally(() => {
      this.#asking = null
    })
    return this.#asking
  }

  async #ask(): Promise<PrinterStateView> {
    const printer = this.options.printer()
    let next: PrinterStateView
    try {
      next = printer ? viewOf(await printer.chosen.status(), printer.chosen.name, printer.kind) : SYSTEM_PRINTER
    } catch (error) {
      // The ports answer in words rather than throw; one that throws all the same cannot be relied on to print.
      this.options.log?.warn('the printer could not be asked', { reason: (error as Error).message })
      next = { state: 'cannot-print', problems: ['not-answering'], printer: printer?.chosen.name ?? 'printer', kind: printer?.kind ?? 'system' }
    }
    this.#take(next)
    return next
  }

  /** What a print said of the printer afterwards (staff's test ticket): no need to ask again. */
  heard(readiness: Readiness, printer: string, kind: PrinterStateView['kind']): PrinterStateView {
    const next = viewOf(readiness, printer, kind)
    this.#take(next)
    return next
  }

  #take(next: PrinterStateView): void {
    const was = this.#current
    this.#current = next
    if (JSON.stringify(was) !== JSON.stringify(next)) this.options.pushes.publish('printer.changed', next)
  }

  /** Polls while idle, and asks again as soon as staff save settings (another printer may have been chosen). */
  start(): void {
    if (this.#timer) return
    void this.check()
    this.#timer = setInterval(() => {
      if (!this.options.busy?.()) void this.check()
    }, this.options.pollMs ?? 10_000)
    this.#timer.unref?.()
    this.#detach = this.options.pushes.attach((name) => {
      if (name === 'settings.changed') void this.check()
    })
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    this.#detach?.()
    this.#detach = null
  }
}
