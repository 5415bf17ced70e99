import type {
  ApiLang,
  DeliveryMethod,
  EventPage,
  EventShows,
  Order,
  OverviewSeatMap,
  PriceClass,
  ReleaseResult,
  SeatOffer,
  SectionAvailability,
} from '../contract/model'
import type { Logger } from '../ipc-core/logger'
import { ApiCallError } from './api-error'
import type { BackendEndpoints } from './endpoints'
import { fetchImage } from './images'
import { readAnswer } from './read-answer'
import * as read from './reader'
import { allocationPolicy, noRetry, readPolicy, realSleeper, withRetry, type RetryPolicy, type Sleeper } from './retry'
import { offerOnce, type SeatOfferDeps } from './seat-offer'
import { defaultTimeouts, type EventQuery, type OfferRequest, type Timeouts } from './sales-queries'
import { TokenSource } from './token-source'
import { exchange, type Fetch, type HttpAnswer } from './transport'
import { VendorClock } from './vendor-clock'

/**
 * The sales-flow API, one method per operation of the spec (and the order
 * operations of docs/sandbox-api.md). Every call carries a deadline and the
 * caller's cancellation, a bearer token (renewed once and retried once on a
 * 401), the retry policy that is safe for it, and the tolerant reader of its
 * answer. Failures are ApiCallErrors with a message key and a retryable flag.
 */
export interface SalesApiOptions {
  endpoints: BackendEndpoints
  secret: () => Promise<string>
  fetch?: Fetch
  /** The kiosk's own clock (the vendor's is learned from answers: `clock`). */
  now?: () => number
  sleeper?: Sleeper
  log?: Logger
  timeouts?: Partial<Timeouts>
}

type Query = Record<string, string | number | undefined>

interface Call<T> {
  method: 'GET' | 'POST'
  path: string
  query?: Query
  body?: unknown
  read: (raw: unknown) => T
  policy: RetryPolicy
  timeoutMs: number
  signal?: AbortSignal
}

export type { EventQuery, OfferRequest, Timeouts } from './sales-queries'

const quietLog: Logger = { warn: () => {}, error: () => {} }

export class SalesApi {
  readonly tokens: TokenSource
  /** The vendor's clock, learned from every answer's Date header: holds and invoices expire by it. */
  readonly clock: VendorClock
  readonly #fetch: Fetch
  readonly #timeouts: Timeouts
  readonly #sleeper: Sleeper
  readonly #offerDeps: SeatOfferDeps

  constructor(private readonly options: SalesApiOptions) {
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis)
    this.#timeouts = { ...defaultTimeouts, ...options.timeouts }
    this.#sleeper = options.sleeper ?? realSleeper
    this.clock = new VendorClock(options.now ?? Date.now)
    this.tokens = new TokenSource({
      authUrl: options.endpoints.authUrl,
      clientId: options.endpoints.clientId,
      secret: options.secret,
      fetch: this.#fetch,
      now: options.now ?? Date.now,
      timeoutMs: this.#timeouts.tokenMs,
      clock: this.clock,
    })
    this.#offerDeps = {
      send: (path, query, timeoutMs) => this.#authorised('GET', path, query, undefined, timeoutMs),
      releaseSeats: (productId, ids) => this.releaseSeats(productId, ids),
      log: options.log ?? quietLog,
      writeMs: this.#timeouts.writeMs,
      lateOfferMs: this.#timeouts.lateOfferMs,
    }
  }

  /** Makes sure the vendor's clock has been heard at least once (a token request tells it). */
  async learnClock(): Promise<void> {
    if (!this.clock.learned) await this.tokens.token()
  }

  get endpoints(): BackendEndpoints {
    return this.options.endpoints
  }

  // ------------------------------------------------------------ operations 1–2

  listEvents(query: EventQuery, signal?: AbortSignal): Promise<EventPage> {
    return this.#call({ method: 'GET', path: '/icc', query: { ...query }, read: read.readEventPage, policy: readPolicy, timeoutMs: this.#timeouts.readMs, signal })
  }

  eventShows(code: string, query: { lang: ApiLang; startDate?: string; numOfDays?: number }, signal?: AbortSignal): Promise<EventShows> {
    return this.#call({
      method: 'GET',
      path: `/icc/${encodeURIComponent(code)}`,
      query,
      read: read.readEventShows,
      policy: readPolicy,
      timeoutMs: this.#timeouts.readMs,
      signal,
    })
  }

  // ------------------------------------------------------------ operations 3–6

  overview(productId: number, signal?: AbortSignal): Promise<OverviewSeatMap | null> {
    return this.#call({ method: 'GET', path: `/products/${productId}/seatmap/overview`, read: read.readOverview, policy: readPolicy, timeoutMs: this.#timeouts.readMs, signal })
  }

  sectionAvailability(productId: number, signal?: AbortSignal): Promise<SectionAvailability[]> {
    return this.#call({
      method: 'GET',
      path: `/products/${productId}/seatmap/availability`,
      read: read.readSectionAvailability,
      policy: readPolicy,
      timeoutMs: this.#timeouts.readMs,
      signal,
    })
  }

  /**
   * A seat offer reserves seats: retried only when the vendor said its allocation was busy (nothing
   * reserved); one given up on or unreadable has its seats released (./seat-offer.ts), never left held.
   */
  async offerSeats(request: OfferRequest, signal?: AbortSignal): Promise<SeatOffer> {
    const query: Query = {
      priceCatId: request.priceCategoryId,
      seatSectionId: request.sectionId,
      mode: request.mode,
      quantity: request.quantity,
      ...(request.twoD ? { '2DSeatmap': '1' } : {}),
    }
    const offer = await withRetry(
      allocationPolicy,
      () => offerOnce(this.#offerDeps, { productId: request.productId, query, signal }),
      this.#sleeper,
      signal,
    )
    if (offer.sets.length === 0) {
      // Vendor notes: Hot Show with no seats answers 200 with an empty object.
      throw new ApiCallError('rejected', 'api.no-seats-offered', 'errors.api.notEnoughSeats', false, 200, 'the offer had no seats')
    }
    return offer
  }

  releaseSeats(productId: number, inventoryIds: readonly number[], signal?: AbortSignal): Promise<ReleaseResult> {
    return this.#seats(productId, { releasedSeatList: inventoryIds }, signal)
  }

  /**
   * Takes picked seats in place of held ones in one call (vendor notes: the
   * seats endpoint takes both lists, all or nothing), so the customer never
   * holds both for longer than the exchange.
   */
  exchangeSeats(productId: number, reserve: readonly number[], release: readonly number[], signal?: AbortSignal): Promise<ReleaseResult> {
    return this.#seats(productId, { reservedSeatList: reserve, ...(release.length > 0 ? { releasedSeatList: release } : {}) }, signal)
  }

  #seats(productId: number, body: object, signal?: AbortSignal): Promise<ReleaseResult> {
    // All or nothing on the vendor's side, so asking again after a lost answer is safe: a seat
    // already released simply makes the second answer a failure, and the hold is gone either way.
    return this.#call({ method: 'POST', path: `/products/${productId}/seats`, body, read: read.readRelease, policy: readPolicy, timeoutMs: this.#timeouts.writeMs, signal })
  }

  // ------------------------------------------------------------ operations 7–9

  ticketTypes(productId: number, priceCategoryId?: number, signal?: AbortSignal): Promise<PriceClass[]> {
    return this.#call({
      method: 'GET',
      path: `/products/${productId}/tickettype`,
      query: { priceCatId: priceCategoryId },
      read: read.readPriceClasses,
      policy: readPolicy,
      timeoutMs: this.#timeouts.readMs,
      signal,
    })
  }

  deliveryMethods(
    items: { productId: number; priceCategoryId?: number; mode?: string; priceClassCodes?: string[] }[],
    signal?: AbortSignal,
  ): Promise<DeliveryMethod[]> {
    const body = items.map((i) => ({ productId: i.productId, priceCatId: i.priceCategoryId, mode: i.mode, priceClassCodeList: i.priceClassCodes }))
    return this.#call({ method: 'POST', path: '/cart/deliverymethods', body, read: read.readDeliveryMethods, policy: readPolicy, timeoutMs: this.#timeouts.readMs, signal })
  }

  paymentMethods(productIds: readonly number[], signal?: AbortSignal): Promise<string[]> {
    return this.#call({
      method: 'POST',
      path: '/cart/paymentmethods',
      body: { productIdList: productIds },
      read: read.readPaymentMethods,
      policy: readPolicy,
      timeoutMs: this.#timeouts.readMs,
      signal,
    })
  }

  // ------------------------------------------------------------ orders

  /** Never repeated blindly: a lost answer may mean the order was placed. */
  submitOrder(request: object, signal?: AbortSignal): Promise<Order> {
    return this.#call({ method: 'POST', path: '/orders/', body: request, read: read.readOrder, policy: noRetry, timeoutMs: this.#timeouts.writeMs, signal })
  }

  /** Idempotent by transaction reference: safe to repeat with the same payment reference. */
  confirmOrder(reference: string, body: { paymentReference: string; amountPaid: number; paymentMethodCode?: string }, signal?: AbortSignal): Promise<Order> {
    return this.#call({
      method: 'POST',
      path: `/orders/${encodeURIComponent(reference)}/confirm`,
      body,
      read: read.readOrder,
      policy: readPolicy,
      timeoutMs: this.#timeouts.writeMs,
      signal,
    })
  }

  getOrder(reference: string, signal?: AbortSignal): Promise<Order> {
    return this.#call({ method: 'GET', path: `/orders/${encodeURIComponent(reference)}`, read: read.readOrder, policy: readPolicy, timeoutMs: this.#timeouts.readMs, signal })
  }

  /**
   * Voids an unpaid order. `keepSeatsHeld`: its seats come back to this client
   * as holds (docs/sandbox-api.md), so the order can be placed again for them
   * without another buyer taking them in between.
   */
  cancelOrder(reference: string, options: { keepSeatsHeld?: boolean } = {}, signal?: AbortSignal): Promise<Order> {
    return this.#call({
      method: 'POST',
      path: `/orders/${encodeURIComponent(reference)}/cancel`,
      ...(options.keepSeatsHeld ? { body: { keepSeatsHeld: true } } : {}),
      read: read.readOrder,
      policy: readPolicy,
      timeoutMs: this.#timeouts.writeMs,
      signal,
    })
  }

  // ------------------------------------------------------------ images

  /** An image from the image host (./images.ts): public, no bearer, its size bounded. */
  image(path: string, signal?: AbortSignal): Promise<{ contentType: string; bytes: Buffer }> {
    return fetchImage({ fetch: this.#fetch, imageBaseUrl: this.options.endpoints.imageBaseUrl, readMs: this.#timeouts.readMs, sleeper: this.#sleeper }, path, signal)
  }

  // ------------------------------------------------------------ plumbing

  #url(path: string, query?: Query): URL {
    const url = new URL(`${this.options.endpoints.baseUrl.replace(/\/$/, '')}${path}`)
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value))
    return url
  }

  /** One exchange with a token; on a 401 the token is renewed once and the exchange repeated once. */
  #authorised(method: 'GET' | 'POST', path: string, query: Query | undefined, body: unknown, timeoutMs: number, signal?: AbortSignal): Promise<HttpAnswer> {
    return this.tokens.authorised((token) =>
      exchange(this.#fetch, {
        method,
        url: this.#url(path, query),
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        body,
        timeoutMs,
        signal,
        clock: this.clock,
      }),
    )
  }

  #call<T>(call: Call<T>): Promise<T> {
    const where = `${call.method} ${call.path}`
    return withRetry(
      call.policy,
      async () => readAnswer(await this.#authorised(call.method, call.path, call.query, call.body, call.timeoutMs, call.signal), call.read, where),
      this.#sleeper,
      call.signal,
    )
  }
}
