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
import { ApiCallError, apiRejection, cancelled, networkFailure, shapeFailure, timeoutFailure } from './api-error'
import { MAX_IMAGE_BYTES, readBodyUpTo } from './bounded-body'
import type { BackendEndpoints } from './endpoints'
import { salvageOfferedSeatIds } from './offer-salvage'
import * as read from './reader'
import { allocationPolicy, noRetry, readPolicy, realSleeper, withRetry, type RetryPolicy, type Sleeper } from './retry'
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

export interface Timeouts {
  readMs: number
  writeMs: number
  tokenMs: number
  /** How long a timed-out seat offer is still listened for, so its seats can be released. */
  lateOfferMs: number
}

const defaultTimeouts: Timeouts = { readMs: 10_000, writeMs: 15_000, tokenMs: 10_000, lateOfferMs: 60_000 }

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

export interface OfferRequest {
  productId: number
  priceCategoryId: number
  sectionId: number
  mode: 'BA' | 'HS'
  quantity: number
  /** Ask for the 2D image with seat numbers instead of seat coordinates. */
  twoD?: boolean
}

export interface EventQuery {
  lang: ApiLang
  page?: number
  size?: number
  q?: string
  /** The event code search (wildcard, like every search: filter the answer for the exact code). */
  internetContentCode?: string
  genre?: string
  venue?: string
  sort?: string
}

const quietLog: Logger = { warn: () => {}, error: () => {} }

export class SalesApi {
  readonly tokens: TokenSource
  /** The vendor's clock, learned from every answer's Date header: holds and invoices expire by it. */
  readonly clock: VendorClock
  readonly #fetch: Fetch
  readonly #timeouts: Timeouts
  readonly #sleeper: Sleeper
  readonly #log: Logger

  constructor(private readonly options: SalesApiOptions) {
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis)
    this.#timeouts = { ...defaultTimeouts, ...options.timeouts }
    this.#sleeper = options.sleeper ?? realSleeper
    this.#log = options.log ?? quietLog
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
   * A seat offer reserves seats. It is retried only when the vendor said its
   * allocation was busy (nothing reserved). After a time-out, or when the
   * caller gives up once it was sent, it is not asked again: the answer is
   * still awaited for a while, and any seats it reserved are released. An
   * answer that cannot be read has its seats salvaged from the text and
   * released too. So no lost or unreadable answer leaves seats held until expiry.
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
      () => this.#offerOnce(request.productId, query, signal),
      this.#sleeper,
      signal,
    )
    if (offer.sets.length === 0) {
      // Vendor notes: Hot Show with no seats answers 200 with an empty object.
      throw new ApiCallError('rejected', 'api.no-seats-offered', 'errors.api.notEnoughSeats', false, 200, 'the offer had no seats')
    }
    return offer
  }

  async #offerOnce(productId: number, query: Query, signal?: AbortSignal): Promise<SeatOffer> {
    const path = `/products/${productId}/seatmap/availability`
    if (signal?.aborted) throw cancelled(`GET ${path} cancelled before it was sent`)
    // Not bound to the caller's signal: once sent, the answer is awaited even if the caller
    // gives up, so that whatever the vendor reserved can be given back.
    const answer = this.#authorised('GET', path, query, undefined, this.#timeouts.lateOfferMs)
    let timer: ReturnType<typeof setTimeout> | undefined
    let onAbort = () => {}
    const gaveUp = new Promise<'timeout' | 'cancelled'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.#timeouts.writeMs)
      onAbort = () => resolve('cancelled')
      signal?.addEventListener('abort', onAbort, { once: true })
    })
    const first = await Promise.race([answer, gaveUp]).finally(() => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    })
    if (first === 'timeout' || first === 'cancelled') {
      void this.#releaseLateOffer(productId, answer, first)
      throw first === 'timeout' ? timeoutFailure(`GET ${path} gave no answer within ${this.#timeouts.writeMs} ms`) : cancelled(`GET ${path} cancelled`)
    }
    try {
      return this.#readAnswer(first, read.readSeatOffer, `GET ${path}`)
    } catch (error) {
      if (error instanceof ApiCallError && error.kind === 'shape') await this.#releaseOffered(productId, first, 'unreadable')
      throw error
    }
  }

  async #releaseLateOffer(productId: number, answer: Promise<HttpAnswer>, why: 'timeout' | 'cancelled'): Promise<void> {
    let late: HttpAnswer
    try {
      late = await answer
    } catch {
      return // No late answer: whatever it reserved lapses at the hold's expiry.
    }
    await this.#releaseOffered(productId, late, why)
  }

  /** Gives back what an offer the caller will never see reserved: read from the answer, or salvaged from its text. */
  async #releaseOffered(productId: number, answer: HttpAnswer, why: 'timeout' | 'cancelled' | 'unreadable'): Promise<void> {
    if (answer.status < 200 || answer.status >= 300) return
    let ids: number[]
    try {
      ids = read.readSeatOffer(answer.body).sets.flat().map((seat) => seat.inventoryId)
    } catch {
      ids = salvageOfferedSeatIds(answer.text)
    }
    if (ids.length === 0) {
      if (why === 'unreadable') this.#log.warn('a seat offer answered something unreadable naming no seats; whatever it reserved lapses', { productId })
      return
    }
    try {
      const result = await this.releaseSeats(productId, ids)
      this.#log.warn('released the seats of a seat offer the kiosk could not use', { productId, seats: ids.length, why, ok: result.ok })
    } catch {
      this.#log.warn('could not release the seats of a seat offer the kiosk could not use; they lapse at the vendor', { productId, seats: ids.length, why })
    }
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

  /**
   * An image path from any answer, resolved against the image host (no bearer: images are public).
   * The body is read only up to MAX_IMAGE_BYTES: a bigger one is refused (kind 'too-large') without being read whole.
   */
  async image(path: string, signal?: AbortSignal): Promise<{ contentType: string; bytes: Buffer }> {
    const url = new URL(path.replace(/^\/+/, ''), this.options.endpoints.imageBaseUrl.replace(/\/?$/, '/'))
    return withRetry(
      readPolicy,
      async () => {
        const deadline = AbortSignal.timeout(this.#timeouts.readMs)
        const where = `image ${url.pathname}`
        try {
          const response = await this.#fetch(url, { signal: signal ? AbortSignal.any([signal, deadline]) : deadline })
          if (!response.ok) {
            await response.body?.cancel().catch(() => {})
            throw apiRejection(response.status, null, where)
          }
          const contentType = response.headers.get('content-type') ?? 'application/octet-stream'
          return { contentType, bytes: await readBodyUpTo(response, MAX_IMAGE_BYTES, where) }
        } catch (error) {
          // The refusals above are already typed; a failure of the fetch or of the body is the network or the deadline.
          if (error instanceof ApiCallError) throw error
          throw deadline.aborted ? timeoutFailure(where) : networkFailure(where, error)
        }
      },
      this.#sleeper,
      signal,
    )
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

  #readAnswer<T>(answer: HttpAnswer, reader: (raw: unknown) => T, where: string): T {
    if (answer.status < 200 || answer.status >= 300) {
      const error = read.readErrorBody(answer.body)
      throw apiRejection(answer.status, error?.errorCode ?? null, error?.statusMessage ?? null)
    }
    if (answer.notJson) throw shapeFailure(`${where} answered something that is not JSON`)
    try {
      return reader(answer.body)
    } catch (error) {
      if (error instanceof read.ResponseShapeError) throw shapeFailure(`${where}: ${error.message}`, error)
      throw error
    }
  }

  #call<T>(call: Call<T>): Promise<T> {
    const where = `${call.method} ${call.path}`
    return withRetry(
      call.policy,
      async () => this.#readAnswer(await this.#authorised(call.method, call.path, call.query, call.body, call.timeoutMs, call.signal), call.read, where),
      this.#sleeper,
      call.signal,
    )
  }
}
