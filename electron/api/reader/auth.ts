import { isObject, numberOf, Reading } from './reading'

/** The token response and the spec's error body: what every call may meet before its own resource. */

export interface ApiToken {
  accessToken: string
  tokenType: string
  /** Seconds; the real service reports one second short (3599 for an hour). */
  expiresIn: number
  /** The granted scopes; the tenant code comes as one of them. */
  scope: string[]
  jti: string | null
}

export function readToken(raw: unknown): ApiToken {
  const r = new Reading('token')
  const o = r.object(raw)
  const expiresIn = r.num(o, 'expires_in')
  const scope = r.optStr(o, 'scope')
  return {
    accessToken: r.str(o, 'access_token'),
    tokenType: r.str(o, 'token_type'),
    expiresIn,
    // A space-separated list; runs of spaces make no empty scope.
    scope: scope === null ? [] : scope.split(' ').filter((s) => s !== ''),
    jti: r.optStr(o, 'jti'),
  }
}

export interface ApiErrorBody {
  httpStatus: number | null
  errorCode: string | null
  statusMessage: string | null
  exceptionName: string | null
  errorTime: string | null
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/**
 * The spec's error body, or null when `raw` is not one. It is read on the
 * failure path, where throwing would hide the failure being reported, so it
 * never throws: a field of an unusable type reads as null. A body counts as an
 * error body when it carries httpStatus, errorCode or exceptionName; a release
 * failure ({status: "1", statusMessage}) is an answer, not an error body.
 */
export function readErrorBody(raw: unknown): ApiErrorBody | null {
  if (!isObject(raw)) return null
  if (raw.httpStatus === undefined && raw.errorCode === undefined && raw.exceptionName === undefined) return null
  const status = numberOf(raw.httpStatus)
  return {
    // The spec types it as a string ("400"); a number is taken too.
    httpStatus: status !== undefined && Number.isInteger(status) ? status : null,
    errorCode: textOrNull(raw.errorCode),
    statusMessage: textOrNull(raw.statusMessage),
    exceptionName: textOrNull(raw.exceptionName),
    errorTime: textOrNull(raw.errorTime),
  }
}
