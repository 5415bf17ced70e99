import { apiRejection, shapeFailure } from './api-error'
import * as read from './reader'
import type { HttpAnswer } from './transport'

/** An answer as its reader reads it: a refusal, something not JSON, or the wrong shape each become an ApiCallError. */
export function readAnswer<T>(answer: HttpAnswer, reader: (raw: unknown) => T, where: string): T {
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
