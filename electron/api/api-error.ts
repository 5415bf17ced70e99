import { FoyerError } from '../ipc-core/foyer-error'

/**
 * A failed API call, as Foyer's services and renderer see it: the vendor's
 * errorCode (or one of ours for transport failures), the i18n key of the text
 * the customer or staff member reads, and whether asking again can help.
 * Never carries a token, a secret or a request/response body.
 */
export class ApiCallError extends FoyerError {
  constructor(
    readonly kind: ApiFailureKind,
    code: string,
    messageKey: string,
    retryable: boolean,
    readonly httpStatus: number | null,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super({ code, messageKey, retryable, detail }, options)
    this.name = 'ApiCallError'
  }
}

export type ApiFailureKind =
  | 'network' // the backend could not be reached
  | 'timeout' // no answer in time
  | 'cancelled' // the caller gave up (screen left, idle reset)
  | 'auth' // credentials refused or token not accepted
  | 'busy' // the vendor's allocation was busy: nothing reserved, ask again
  | 'rejected' // a 4xx with the vendor's reason
  | 'server' // a 5xx
  | 'shape' // an answer Foyer cannot read
  | 'too-large' // a body over the size Foyer will read (an image), cut off where it passed the limit

/** The vendor error codes Foyer words specially; any other 4xx reads as a generic refusal. */
const messageKeys: Record<string, string> = {
  'error.product.detail-seatmap.system-allocation-busy': 'errors.api.allocationBusy',
  'error.product.detail-seatmap.insufficient-seats': 'errors.api.notEnoughSeats',
  'detail.seatmap.insufficient.seats': 'errors.api.notEnoughSeats',
  'error.product.not-on-sale': 'errors.api.notOnSale',
  'error.product.icc.invalid': 'errors.api.eventUnavailable',
  'error.product.icc.not-found': 'errors.api.noEventsFound',
  'error.product.icc.search.criteria.invalid': 'errors.api.searchTooShort',
  'error.product.detail-seatmap.generation.coordinate.missing': 'errors.api.seatMapUnavailable',
  'error.product.detail-seatmap.generation.seatangle.missing': 'errors.api.seatMapUnavailable',
  'error.product.overview-seatmap.generation.fail': 'errors.api.seatMapUnavailable',
  'error.product.package.classtype.invalid': 'errors.api.pricesUnavailable',
  'error.order.amount.mismatch': 'errors.api.priceChanged',
  'error.order.inventory.invalid': 'errors.api.holdLost',
  'error.order.seats.unavailable': 'errors.api.notEnoughSeats',
  'error.order.expired': 'errors.api.orderExpired',
  'error.order.max-tickets.exceeded': 'errors.api.tooManyTickets',
}

/** Every message key an API failure can carry: the renderer's locales must word each one. */
export const apiMessageKeys = [
  ...new Set([
    ...Object.values(messageKeys),
    'errors.api.unauthorized',
    'errors.api.credentialsRefused',
    'errors.api.unavailable',
    'errors.api.rejected',
    'errors.api.offline',
    'errors.api.timeout',
    'errors.api.cancelled',
    'errors.api.unexpected',
    'errors.backend.unavailable',
    'errors.holds.lapsed',
  ]),
]

export const BUSY_CODE = 'error.product.detail-seatmap.system-allocation-busy'

export function apiRejection(status: number, errorCode: string | null, statusMessage: string | null): ApiCallError {
  if (status === 401 || status === 403) {
    return new ApiCallError('auth', errorCode ?? `api.http-${status}`, 'errors.api.unauthorized', false, status, `HTTP ${status} ${errorCode ?? ''}`.trim())
  }
  if (status >= 500) {
    return new ApiCallError('server', errorCode ?? `api.http-${status}`, 'errors.api.unavailable', true, status, `HTTP ${status}`)
  }
  if (errorCode === BUSY_CODE) {
    return new ApiCallError('busy', errorCode, messageKeys[errorCode]!, true, status, statusMessage ?? 'allocation busy')
  }
  const code = errorCode ?? `api.http-${status}`
  // The vendor's statusMessage is developer detail; what the customer reads comes from messageKey.
  return new ApiCallError('rejected', code, messageKeys[code] ?? 'errors.api.rejected', status === 429, status, statusMessage ?? `HTTP ${status}`)
}

export const networkFailure = (detail: string, cause?: unknown) =>
  new ApiCallError('network', 'api.network', 'errors.api.offline', true, null, detail, { cause })

export const timeoutFailure = (detail: string) => new ApiCallError('timeout', 'api.timeout', 'errors.api.timeout', true, null, detail)

export const cancelled = (detail: string) => new ApiCallError('cancelled', 'api.cancelled', 'errors.api.cancelled', false, null, detail)

export const shapeFailure = (detail: string, cause?: unknown) =>
  new ApiCallError('shape', 'api.unexpected-answer', 'errors.api.unexpected', false, null, detail, { cause })
