/**
 * The vendor's clock, as the kiosk can know it. Holds and invoices expire by
 * the vendor's clock, and a kiosk's clock drifts (or was never set), so every
 * expiry and lapse decision is made against this, not against Date.now().
 *
 * It learns from the `Date` header of every answer. The header has one-second
 * resolution and was written at some instant between the request leaving and
 * the answer arriving, so each answer bounds the offset (vendor − local) to an
 * interval; intervals of successive answers are intersected, which narrows the
 * estimate to well under a second after a few answers. An answer that does not
 * fit the estimate (the kiosk's clock was stepped, or the vendor's) replaces it
 * once a second answer agrees with it, so one odd header cannot move the clock.
 * Without any answer yet, it is the local clock.
 */
export interface Clock {
  now(): number
}

interface Interval {
  low: number
  high: number
}

/** Slack on each side of an answer's interval: a server that rounds rather than truncates. */
const SLACK_MS = 500

const overlaps = (a: Interval, b: Interval) => a.low <= b.high && b.low <= a.high

export class VendorClock implements Clock {
  #estimate: Interval | null = null
  /** An answer that contradicted the estimate, waiting for a second one to agree. */
  #candidate: Interval | null = null

  constructor(private readonly local: () => number = Date.now) {}

  /** The local clock this one is reckoned from (the transport times answers by it). */
  localNow(): number {
    return this.local()
  }

  /** Whether any answer has told the vendor's time yet. */
  get learned(): boolean {
    return this.#estimate !== null
  }

  /** The vendor's clock minus the local one, in ms (0 until learned). */
  get offsetMs(): number {
    const e = this.#estimate
    return e ? Math.round((e.low + e.high) / 2) : 0
  }

  /** The vendor's time now, by the local clock and the learned offset. */
  now(): number {
    return this.local() + this.offsetMs
  }

  /**
   * Learns from one answer: its Date header, and the local times the request
   * left and the answer arrived. A missing or unreadable header teaches nothing.
   */
  observe(dateHeader: string | null | undefined, sentAt: number, receivedAt: number): void {
    if (!dateHeader || !(receivedAt >= sentAt)) return
    const vendor = Date.parse(dateHeader)
    if (!Number.isFinite(vendor)) return
    const sample: Interval = { low: vendor - receivedAt - SLACK_MS, high: vendor + 1000 - sentAt + SLACK_MS }
    const estimate = this.#estimate
    if (!estimate) {
      this.#estimate = sample
    } else if (overlaps(estimate, sample)) {
      this.#estimate = { low: Math.max(estimate.low, sample.low), high: Math.min(estimate.high, sample.high) }
      this.#candidate = null
    } else if (this.#candidate && overlaps(this.#candidate, sample)) {
      this.#estimate = { low: Math.max(this.#candidate.low, sample.low), high: Math.min(this.#candidate.high, sample.high) }
      this.#candidate = null
    } else {
      this.#candidate = sample
    }
  }
}
