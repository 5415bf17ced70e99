import { SalesApi } from '../api/sales-api'
import type { BackendKind } from '../contract'
import { CheckoutService, type CheckoutOptions } from '../checkout/checkout-service'
import type { CashDrawer } from '../checkout/cash-drawer'
import { recoverSales } from '../checkout/recovery'
import { HoldManager } from '../holds/hold-manager'
import { SeatPicker } from '../holds/seat-picking'
import type { RecordPayloads } from '../journal/outbox-records'
import { SalesJournal } from '../journal/sales-journal'
import { ShiftBook } from '../journal/shift-book'
import type { Logger } from '../ipc-core/logger'
import type { PushBus } from '../ipc-core/push-bus'
import type { Fetch } from '../api/transport'
import type { DocumentPrinter } from '../printing/printer-port'
import type { Settings } from '../settings/settings-schema'
import type { LocalDb } from '../database/local-db'
import type { BackendConnection } from './backend-connection'
import { salesContext, type SalesContext } from './sales-service'

export interface SalesRuntimeOptions {
  db: LocalDb
  pushes: PushBus
  log: Logger
  /** Connects to a backend, with `candidate` settings not saved yet when given (a switch), else the saved ones. */
  connect: (kind: BackendKind, candidate?: Settings) => Promise<BackendConnection>
  /** The API client's fetch (the connectivity monitor watches it); the global fetch when absent. */
  fetch?: Fetch
  /** Checkout tuning and the tests' step hook (see CheckoutOptions). */
  checkout?: Partial<Pick<CheckoutOptions, 'afterStep' | 'confirmAttempts' | 'confirmBackoffMs' | 'paymentBudgetMs' | 'terminalWaitMs' | 'sleep'>>
  printer?: DocumentPrinter | null
  /** The counter's cash drawer, which checkout opens as cash is taken or goes back; absent: none. */
  drawer?: CashDrawer | null
  /** How many times the hold window the customer at the screen gets (audio guidance: ./audio-guidance.ts); 1 when absent. */
  lengthenHolds?: () => number
  /**
   * Serve the screens while recovery settles what a crash left in flight (the
   * hosts): a customer whose sale was interrupted hears "checking" at once,
   * then the outcome, instead of "cannot be reached" until recovery ends.
   * Orders and payments wait for it either way. Off: connecting waits for it.
   */
  serveDuringRecovery?: boolean
  /** What each record for the hub says, frozen by the journal step that writes it (electron/hub-link/journal-records.ts). */
  recordPayloads?: RecordPayloads | null
}

/**
 * The connected backend and what sells through it: the API client and the
 * hold manager. Staff may switch backends while Foyer runs (switchTo): the new
 * one must answer before the old one is let go, and every hold at the old
 * backend is given back before the new one is used. A crashed run's holds at
 * the new one are released on connecting.
 */
export class SalesRuntime {
  #current: { kind: BackendKind; connection: BackendConnection; context: SalesContext } | null = null
  #switching: Promise<void> = Promise.resolve()

  constructor(private readonly options: SalesRuntimeOptions) {}

  get context(): SalesContext | null {
    return this.#current?.context ?? null
  }

  get kind(): BackendKind | null {
    return this.#current?.kind ?? null
  }

  /**
   * Connects to `kind` (closing the current backend first), as at start: a
   * backend that cannot be reached is still used, so the kiosk shows "offline"
   * and recovers when it answers. Switches run one at a time.
   */
  use(kind: BackendKind): Promise<void> {
    return this.#serially(async () => {
      await this.disconnect()
      await this.#attach(kind, await this.options.connect(kind))
    })
  }

  /**
   * Staff switching backends: connects to `kind` (with the `candidate`
   * settings when given, e.g. a staging configuration saved in the same
   * change), and checks it answers (a token and a one-event list, as the
   * connection test does) while the current backend is still in use. Only
   * then are the current backend's holds given back and the new one used. If
   * the new one fails, it throws and nothing changed: the current backend
   * stays connected with its holds. Already on `kind`: nothing to do, unless `reconnect` (its addresses changed).
   */
  switchTo(kind: BackendKind, candidate?: Settings, options: { reconnect?: boolean } = {}): Promise<void> {
    return this.#serially(async () => {
      // Already there; unless its addresses changed (reconnect), which is a switch like any other.
      if (this.#current?.kind === kind && !options.reconnect) return
      const connection = await this.options.connect(kind, candidate)
      try {
        await checkBackendAnswers(connection)
      } catch (error) {
        await connection.close().catch(() => {})
        throw error
      }
      await this.disconnect()
      await this.#attach(kind, connection)
    })
  }

  #serially(step: () => Promise<void>): Promise<void> {
    const next = this.#switching.then(step)
    this.#switching = next.catch(() => {})
    return next
  }

  /** Builds the API client, hold manager, journal and checkout over a fresh connection, and uses it. */
  async #attach(kind: BackendKind, connection: BackendConnection): Promise<void> {
    const { db, pushes, log } = this.options
    const api = new SalesApi({ endpoints: connection.endpoints, secret: connection.secret, log, fetch: this.options.fetch })
    const holds = new HoldManager({
      db,
      backend: `${connection.endpoints.kind}/${connection.endpoints.tenant}`,
      api,
      holdWindowMs: connection.holdWindowMs,
      // Audio mode is the customer's, not the backend's: read at each hold.
      lengthen: this.options.lengthenHolds,
      onChange: (status) => pushes.publish('holds.changed', status),
      log,
    })
    try {
      const released = await holds.releaseLeftovers()
      if (released > 0) log.warn('released seats a previous run left held', { seats: released })
    } catch {
      // The backend is unreachable now; the leftovers stay recorded and lapse at the vendor anyway.
    }
    const at = `${connection.endpoints.kind}/${connection.endpoints.tenant}`
    // The journal keeps each sold seat's kind as the offers showed it (the vendor's order does not say it).
    const picker = new SeatPicker(api, holds)
    const journal = new SalesJournal(db, at, Date.now, (productId, inventoryId) => picker.seatTypeOf(productId, inventoryId), this.options.recordPayloads ?? null)
    const checkout = new CheckoutService({
      api,
      holds,
      journal,
      terminal: connection.terminal ?? null,
      printer: this.options.printer ?? null,
      drawer: this.options.drawer ?? null,
      log,
      // An invoice lapses by the vendor's clock, as holds do: the time left to pay is reckoned by it.
      now: () => api.clock.now(),
      // A paid sale's progress (confirming, printing) goes to this kiosk's own screen only: its push bus.
      onProgress: (progress) => pushes.publish('checkout.progress', progress),
      // So does word that a sale's outcome is known (its id only): the screen holding that sale asks for it.
      onSettled: (saleId) => pushes.publish('checkout.outcomeKnown', { saleId }),
      ...this.options.checkout,
    })
    const context = salesContext(api, holds, checkout, new ShiftBook(db, journal, at), picker)
    // Sales a crash left in flight are finished or undone before anything new is sold (checkout waits for it).
    const recovered = checkout.recoverFirst(
      recoverSales(checkout).then(
        (report) => {
          context.recovery = report
          // Each decision in the log too (the journal has the steps): support reads what start did without the database.
          for (const { saleId, reference, from, to } of report.recovered) log.warn('recovery settled a sale', { saleId, reference, from, to })
          if (report.recovered.length > 0) log.warn('recovered interrupted sales', { sales: report.recovered.length, forStaff: report.forStaff.length })
          return report.recovered.map((r) => r.saleId)
        },
        (error: unknown) => {
          log.warn('sales recovery could not finish; it runs again on the next start', { reason: (error as Error).message })
          return []
        },
      ),
    )
    if (!this.options.serveDuringRecovery) await recovered
    this.#current = { kind, connection, context }
  }

  /** Gives every hold back and closes the backend (switching, quitting). */
  async disconnect(): Promise<void> {
    const current = this.#current
    if (!current) return
    this.#current = null
    try {
      await current.context.holds.releaseAll()
    } catch {
      // Unreachable: recorded holds are released the next time this backend is connected.
    }
    current.context.holds.stop()
    await current.connection.close()
  }
}

/**
 * Whether a backend answers: a token and a one-event list, with short
 * timeouts. Throws the API's typed error when it does not (unreachable,
 * credentials refused, no secret stored). Uses the plain fetch, not the
 * runtime's watched one: a backend being tried out must not make the kiosk
 * look offline while the current one works.
 */
export async function checkBackendAnswers(connection: BackendConnection): Promise<void> {
  const api = new SalesApi({ endpoints: connection.endpoints, secret: connection.secret, timeouts: { readMs: 8000, tokenMs: 8000 } })
  await api.listEvents({ lang: 'EN_SG', size: 1 })
}
