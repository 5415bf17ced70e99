/**
 * An answer of the sales-flow API that lacks a field the spec marks required
 * (Nullable N), or carries a field in a type Foyer cannot use.
 *
 * It names the resource and the field's path only, never a value: answers
 * carry patrons' e-mail addresses, names and payment references, and this
 * message ends up in logs and support reports.
 */
export class ResponseShapeError extends Error {
  constructor(
    /** The resource read, in words: "event page", "seat offer", … */
    readonly resource: string,
    /** Where in the answer, e.g. "content[3].internetContentCode"; "" for the answer itself. */
    readonly path: string,
    /** What is wrong, in fixed words ("is missing", "is not a number"): never a value. */
    problem: string,
  ) {
    super(`Unreadable ${resource} answer: ${path === '' ? 'the answer' : path} ${problem}`)
    this.name = 'ResponseShapeError'
  }
}
