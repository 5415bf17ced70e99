import { isoSgt } from '../format/dates'

/**
 * An error the sandbox answers with the spec's error body. Every failure path
 * of every route ends in one of these, so no request ever sees a 500 with a
 * stack trace unless the sandbox itself is broken (and then still no stack).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string | null,
    message: string,
    readonly exceptionName = 'ApiException',
  ) {
    super(message)
  }

  body(now: number): ApiErrorBody {
    return errorBody(this.status, this.errorCode, this.message, now, this.exceptionName)
  }
}

export interface ApiErrorBody {
  httpStatus: string
  errorCode?: string
  errorTime: string
  exceptionName: string
  exceptionCode: string
  statusMessage: string
}

export function errorBody(
  status: number,
  errorCode: string | null,
  message: string,
  now: number,
  exceptionName = 'ApiException',
): ApiErrorBody {
  return {
    httpStatus: String(status),
    // The spec: absent in the generic 500 case.
    ...(errorCode ? { errorCode } : {}),
    errorTime: isoSgt(now),
    exceptionName,
    exceptionCode: errorCode ?? `http.${status}`,
    statusMessage: message,
  }
}

/** Shorthand for the common 400 with a machine code. */
export const badRequest = (errorCode: string, message: string) => new ApiError(400, errorCode, message)

/** A query or body parameter that is missing or of the wrong form. */
export const invalidParameter = (name: string, why: string) =>
  new ApiError(400, 'error.request.parameter.invalid', `${name}: ${why}`, 'InvalidParameterException')
