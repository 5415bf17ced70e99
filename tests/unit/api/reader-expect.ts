import { expect } from 'vitest'
import { ResponseShapeError } from '../../../electron/api/reader'

/**
 * Runs a reader on a raw sample that must be refused, and checks the refusal:
 * a ResponseShapeError naming the resource and the path, whose message names
 * both and carries none of `secrets` (values from the sample that could be
 * personal data: they must never reach a log through the message).
 */
export function expectShapeError(read: () => unknown, resource: string, path: string, secrets: readonly string[] = []): ResponseShapeError {
  let caught: unknown = null
  try {
    read()
  } catch (error) {
    caught = error
  }
  expect(caught).toBeInstanceOf(ResponseShapeError)
  const error = caught as ResponseShapeError
  expect({ resource: error.resource, path: error.path }).toEqual({ resource, path })
  expect(error.message).toContain(resource)
  if (path !== '') expect(error.message).toContain(path)
  for (const secret of secrets) expect(error.message).not.toContain(secret)
  return error
}
