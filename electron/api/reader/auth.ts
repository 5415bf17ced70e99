import { z } from 'zod'
import { reader } from './reading'
import { integer, number, optText, text } from './scalars'

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

const token = z
  .object({ access_token: text, token_type: text, expires_in: number, scope: optText, jti: optText })
  .transform(
    (o): ApiToken => ({
      accessToken: o.access_token,
      tokenType: o.token_type,
      expiresIn: o.expires_in,
      // A space-separated list; runs of spaces make no empty scope.
      scope: o.scope === null ? [] : o.scope.split(' ').filter((s) => s !== ''),
      jti: o.jti,
    }),
  )

export const readToken = reader('token', token)

export interface ApiErrorBody {
  httpStatus: number | null
  errorCode: string | null
  statusMessage: string | null
  exceptionName: string | null
  errorTime: string | null
}

/** A field of the error body: a value of an unusable type reads as null. */
const lenient = <T extends z.ZodType>(schema: T) => schema.nullish().catch(null).transform((value) => value ?? null)
const textOrNull = lenient(z.string())

const errorBody = z.object({
  // The spec types it as a string ("400"); a number is taken too.
  httpStatus: lenient(integer),
  errorCode: textOrNull,
  statusMessage: textOrNull,
  exceptionName: textOrNull,
  errorTime: textOrNull,
})

/**
 * The spec's error body, or null when `raw` is not one. It is read on the
 * failure path, where throwing would hide the failure being reported, so it
 * never throws. A body counts as an error body when it carries httpStatus,
 * errorCode or exceptionName; a release failure ({status: "1",
 * statusMessage}) is an answer, not an error body.
 */
export function readErrorBody(raw: unknown): ApiErrorBody | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null
  const { httpStatus, errorCode, exceptionName } = raw as Record<string, unknown>
  if (httpStatus === undefined && errorCode === undefined && exceptionName === undefined) return null
  return errorBody.parse(raw)
}
