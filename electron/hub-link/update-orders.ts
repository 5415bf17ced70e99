import type { UpdateOrder, UpdateReport } from '../../hub/protocol'

/**
 * The Foyer version the hub's last heartbeat answer let this device take (hub/protocol/fleet-update.ts),
 * and what the device's updater says it did, for the next heartbeat. In memory only: after a restart
 * (an update installed, or not) the device runs what it runs, and the next answer says what it may take.
 */
export class HubUpdateOrders {
  #order: UpdateOrder | undefined
  #heardAt = 0
  #report: UpdateReport | undefined

  /**
   * How long an order to take a version holds without a new answer: a little over two heartbeats. A hub
   * gone quiet must not leave a device taking a version after its maintenance window has closed.
   */
  static readonly HOLDS_MS = 40_000

  constructor(private readonly now: () => number = Date.now) {}

  /** The heartbeat's answer: its order, or none (no rollout covers this device: it follows its feed). */
  heard(order: UpdateOrder | undefined): void {
    this.#order = order
    this.#heardAt = this.now()
  }

  /** The order now: undefined while no rollout covers the device; a stale order to take a version is "take none". */
  current(): UpdateOrder | undefined {
    const order = this.#order
    if (order?.version && this.now() - this.#heardAt > HubUpdateOrders.HOLDS_MS) return { version: null, allowDowngrade: false }
    return order
  }

  /** What the updater did with it, told to the hub at the next heartbeat. */
  report(report: UpdateReport | undefined): void {
    this.#report = report
  }

  /** For the heartbeat: absent while the device has nothing to say (no order ever given). */
  heartbeat(): UpdateReport | undefined {
    return this.#order === undefined ? undefined : this.#report
  }
}
