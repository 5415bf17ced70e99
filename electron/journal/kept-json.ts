import type { z } from 'zod'

/**
 * JSON the journal kept in a column, read back through its schema: a row was
 * written by this Foyer, an older one, or survived a crash or a hand edit,
 * and is not trusted by being ours. Used where a row that does not read must
 * stop the reading with a clear error rather than give a wrong answer later.
 */
export class UnreadableRowError extends Error {
  override name = 'UnreadableRowError'
}

/** `text` parsed as JSON and then by `schema`; `what` names the row in the error ("the Z report kept for shift …"). */
export function readKept<T>(schema: z.ZodType<T>, text: string, what: string): T {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new UnreadableRowError(`${what} cannot be read: it is not JSON`)
  }
  const result = schema.safeParse(json)
  // The issues name fields and what was expected, never the values: a row may hold what a log must not.
  if (!result.success) throw new UnreadableRowError(`${what} cannot be read: ${result.error.issues.map((i) => `${i.path.join('.') || '(the whole)'}: ${i.code}`).join('; ')}`)
  return result.data
}
