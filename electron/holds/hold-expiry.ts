import type { Clock } from '../api/vendor-clock'
import type { SeatOffer } from '../contract/model'

/**
 * When a hold ends, by the vendor's clock. An offer that says its
 * expirationTime ends then. One that gives only reservedTime (a 2D offer, and
 * often the real service: vendor notes) is reckoned: reservedTime plus the
 * vendor's hold, which Foyer knows only as its hold window setting until an
 * answer shows it (an offer's expirationTime − reservedTime). The shortest
 * hold known is used, so a vendor holding for less than the setting never
 * leaves Foyer counting seats as its own after the vendor has given them back
 * (and releasing them from whoever took them since).
 *
 * The learned hold is kept in memory, per backend (one HoldManager, one of
 * these, per connection): a restart learns it again from the first 3D offer.
 * Holds a previous run left are released at start only if their expiry,
 * written down reckoned by what that run knew, is still ahead.
 */
export class HoldExpiry {
  /** The shortest hold an answer has shown, in ms; null until one has. */
  #learnedMs: number | null = null

  constructor(
    private readonly clock: Clock,
    /** The hold window setting: the vendor's hold until an answer shows a shorter one. Read at each hold (a saved change applies to the next). */
    private readonly settingMs: number | (() => number),
    /** How many times the setting the customer now holding seats gets (audio guidance: services/audio-guidance.ts); 1 for everyone else. Read at each hold. */
    private readonly lengthen: () => number = () => 1,
  ) {}

  /**
   * How long a hold taken now lasts: the shortest of the setting and every hold seen. A customer in audio
   * mode gets the setting `lengthen` times over, but never past a hold the vendor has shown; until one
   * has, the setting is all Foyer knows of the vendor's hold, and reckoning past it could release seats
   * the vendor has since given someone else. So a renderer claiming audio mode gains time only the vendor gives.
   */
  get windowMs(): number {
    const setting = typeof this.settingMs === 'function' ? this.settingMs() : this.settingMs
    if (this.#learnedMs === null) return setting
    return Math.min(setting * Math.max(1, this.lengthen()), this.#learnedMs)
  }

  /**
   * Learns from an offer that says both times; true when the vendor's hold is now known shorter than
   * before (or known at all): holds already reckoned must be looked at again.
   */
  learn(offer: Pick<SeatOffer, 'reservedTime' | 'expirationTime'>): boolean {
    const reserved = parse(offer.reservedTime)
    const expires = parse(offer.expirationTime)
    if (reserved === null || expires === null || expires <= reserved) return false
    const before = this.#learnedMs
    this.#learnedMs = before === null ? expires - reserved : Math.min(before, expires - reserved)
    return before === null || this.#learnedMs < before
  }

  /** An offer's expiry: its expirationTime, else reckoned from its reservedTime (or now). `reckonedFrom` is null when the vendor said it. */
  ofOffer(offer: Pick<SeatOffer, 'reservedTime' | 'expirationTime'>): { expiresAt: number; reckonedFrom: number | null } {
    const given = parse(offer.expirationTime)
    if (given !== null) return { expiresAt: given, reckonedFrom: null }
    return this.reckoned(parse(offer.reservedTime) ?? this.clock.now())
  }

  /** A hold taken at `reservedAt` (by the vendor's clock) that the vendor gave no expiry for. */
  reckoned(reservedAt: number = this.clock.now()): { expiresAt: number; reckonedFrom: number } {
    return { expiresAt: reservedAt + this.windowMs, reckonedFrom: reservedAt }
  }

  /**
   * A reckoned hold's expiry by what is known now of the vendor's hold (never later than it was reckoned
   * before). Only the vendor's hold shortens it: a hold taken in audio mode keeps its length when the
   * customer turns audio off, as one taken before staff shortened the setting keeps its own.
   */
  again(seat: { expiresAt: number; reckonedFrom?: number | null }): number {
    if (seat.reckonedFrom === null || seat.reckonedFrom === undefined || this.#learnedMs === null) return seat.expiresAt
    return Math.min(seat.expiresAt, seat.reckonedFrom + this.#learnedMs)
  }
}

function parse(time: string | null | undefined): number | null {
  const ms = time ? Date.parse(time) : NaN
  return Number.isFinite(ms) ? ms : null
}
