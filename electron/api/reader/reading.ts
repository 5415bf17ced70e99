import type { z } from 'zod'
import { ResponseShapeError } from './errors'

/**
 * How every vendor answer is read: one zod schema per resource, parsed with
 * an error map that says what is wrong in fixed words ("is missing", "is not
 * a number") and never quotes a value, since answers carry patrons' names and
 * e-mail addresses and a refusal ends up in logs and support reports.
 */

type Issue = z.core.$ZodIssue
type RawIssue = z.core.$ZodRawIssue

const absent = (value: unknown): boolean => value === undefined || value === null

const notA: Readonly<Record<string, string>> = {
  object: 'is not an object',
  array: 'is not a list',
  string: 'is not a string',
  number: 'is not a number',
  int: 'is not an integer',
  boolean: 'is not a yes/no value',
}

/**
 * The parse-wide error map: a schema's own words (the tolerant scalars', a
 * refinement's) come first; an issue without any is put in these.
 */
function problemOf(issue: RawIssue): string {
  if (absent(issue.input)) return 'is missing'
  if (issue.code === 'invalid_type') return notA[issue.expected] ?? 'is not usable'
  if (issue.code === 'invalid_value') return 'is not one of the documented values'
  if (issue.code === 'invalid_union') return 'is in none of the documented shapes'
  return 'is not usable'
}

/**
 * Words for a tolerant scalar (a union of the forms the service sends): "is
 * missing" for null or undefined, else `wrong`. Given as a schema's `error`.
 */
export const scalarWords = (wrong: string) => (issue: RawIssue): string => (absent(issue.input) ? 'is missing' : wrong)

/**
 * Where a failed union went wrong. For a value of none of a scalar's forms
 * every branch fails at the value itself, and the union's own words say it.
 * For a documented variant of a resource (a bare list or a wrapper, `SeatLevel`
 * or `seatLevel`) the branch that read furthest into the answer is the
 * variant the answer meant, and its first issue says where.
 */
function deepest(issue: Issue): { path: PropertyKey[]; message: string } {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { path: issue.path, message: issue.message }
  let best: Issue | undefined
  for (const branch of issue.errors) {
    const first = branch[0]
    if (first !== undefined && first.path.length > (best?.path.length ?? 0)) best = first
  }
  if (best === undefined) return { path: issue.path, message: issue.message }
  const inner = deepest(best)
  return { path: [...issue.path, ...inner.path], message: inner.message }
}

/** "content[3].internetContentCode"; "" for the answer itself. */
function pathText(path: readonly PropertyKey[]): string {
  let text = ''
  for (const segment of path) {
    text += typeof segment === 'number' ? `[${segment}]` : text === '' ? String(segment) : `.${String(segment)}`
  }
  return text
}

/**
 * A reader for one resource: parses the answer with `schema` and throws the
 * ResponseShapeError of its first issue. `resource` names the answer in
 * errors: "event page", "seat offer", …
 */
export function reader<S extends z.ZodType>(resource: string, schema: S): (raw: unknown) => z.output<S> {
  return (raw) => {
    const result = schema.safeParse(raw, { error: problemOf })
    if (result.success) return result.data
    const { path, message } = deepest(result.error.issues[0]!)
    throw new ResponseShapeError(resource, pathText(path), message)
  }
}
