import { ResponseShapeError } from './errors'

/**
 * The small hand-written checker every reader is built on. Zod would parse a
 * 600-seat offer by allocating an issue path and a result object per field;
 * the reader runs on every API call, so it checks each field where it reads
 * it and keeps its position in one stack of path segments, turned into a path
 * string only when something is wrong.
 */
export type JsonObject = Record<string, unknown>
type Segment = string | number

/** A plain decimal number as text: what "12.50" or " 3 " carry; not "0x10", "", "Infinity". */
const DECIMAL = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/

/** A JSON number, or a string holding a plain decimal; undefined when neither. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value === 'string' && DECIMAL.test(value)) return Number(value)
  return undefined
}

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const absent = (value: unknown): value is null | undefined => value === undefined || value === null

/**
 * The key under which `o` carries a field the spec documents under two names
 * (`SeatLevel`/`seatLevel`, …): the first that holds a value, else the first,
 * so a "missing" error names the spelling the responses use.
 */
export function either(o: JsonObject, first: string, second: string): string {
  return absent(o[first]) && !absent(o[second]) ? second : first
}

export class Reading {
  readonly #path: Segment[] = []

  /** `resource` names the answer in errors: "event page", "seat offer", … */
  constructor(readonly resource: string) {}

  /** Throws the ResponseShapeError of `key` at the current position (null: the value at hand). */
  fail(key: Segment | null, problem: string): never {
    let path = ''
    const add = (segment: Segment) => {
      path += typeof segment === 'number' ? `[${segment}]` : path === '' ? segment : `.${segment}`
    }
    for (const segment of this.#path) add(segment)
    if (key !== null) add(key)
    throw new ResponseShapeError(this.resource, path, problem)
  }

  /** Steps into a field or list element, for readers that walk a value themselves. */
  enter(segment: Segment): void {
    this.#path.push(segment)
  }

  leave(): void {
    this.#path.pop()
  }

  /** The value at hand (the answer, or the element being read) as an object. */
  object(value: unknown): JsonObject {
    if (isObject(value)) return value
    return this.fail(null, absent(value) ? 'is missing' : 'is not an object')
  }

  // ------------------------------------------------------------ scalars

  /**
   * A text field. A safe integer is taken as its digits: the spec types some
   * codes as numbers (internetContentCode, icAttributesList), and a number
   * past 2^53 has already lost digits in JSON.parse, so it is refused.
   */
  optStr(o: JsonObject, key: string): string | null {
    const value = o[key]
    if (typeof value === 'string') return value
    if (absent(value)) return null
    if (Number.isSafeInteger(value)) return String(value)
    return this.fail(key, 'is not a string')
  }

  str(o: JsonObject, key: string): string {
    return this.optStr(o, key) ?? this.fail(key, 'is missing')
  }

  /** A number, also when given as a decimal string (amounts, seatAngle, release status). */
  optNum(o: JsonObject, key: string): number | null {
    const value = o[key]
    if (absent(value)) return null
    return numberOf(value) ?? this.fail(key, 'is not a number')
  }

  num(o: JsonObject, key: string): number {
    return this.optNum(o, key) ?? this.fail(key, 'is missing')
  }

  optInt(o: JsonObject, key: string): number | null {
    const value = this.optNum(o, key)
    if (value !== null && !Number.isInteger(value)) this.fail(key, 'is not an integer')
    return value
  }

  int(o: JsonObject, key: string): number {
    return this.optInt(o, key) ?? this.fail(key, 'is missing')
  }

  /**
   * A yes/no field: the spec uses booleans (addressRequired), 0/1 numbers
   * (interactive, imageAvailable) and an integer that is a boolean in the
   * field list (passwordRequired). Absent reads as no.
   */
  optFlag(o: JsonObject, key: string): boolean | null {
    const value = o[key]
    if (typeof value === 'boolean') return value
    if (absent(value)) return null
    if (value === 1 || value === '1' || value === 'true') return true
    if (value === 0 || value === '0' || value === 'false') return false
    return this.fail(key, 'is not a yes/no value')
  }

  flag(o: JsonObject, key: string): boolean {
    return this.optFlag(o, key) ?? false
  }

  requiredFlag(o: JsonObject, key: string): boolean {
    return this.optFlag(o, key) ?? this.fail(key, 'is missing')
  }

  // ------------------------------------------------------------ structures

  optNested<T>(o: JsonObject, key: string, read: (r: Reading, value: JsonObject) => T): T | null {
    const value = o[key]
    if (absent(value)) return null
    if (!isObject(value)) return this.fail(key, 'is not an object')
    this.#path.push(key)
    const result = read(this, value)
    this.#path.pop()
    return result
  }

  nested<T>(o: JsonObject, key: string, read: (r: Reading, value: JsonObject) => T): T {
    const result = this.optNested(o, key, read)
    return result === null ? this.fail(key, 'is missing') : result
  }

  /** The raw list under `key`; null when absent (the spec's nullable lists read as empty). */
  rawList(o: JsonObject, key: string, required = false): unknown[] | null {
    const value = o[key]
    if (Array.isArray(value)) return value
    if (!absent(value)) return this.fail(key, 'is not a list')
    return required ? this.fail(key, 'is missing') : null
  }

  /** A list of objects under `key`, each read by `read`; [] when absent unless required. */
  list<T>(o: JsonObject, key: string, read: (r: Reading, item: JsonObject, index: number) => T, required = false): T[] {
    const items = this.rawList(o, key, required)
    if (items === null) return []
    this.#path.push(key)
    const result = this.items(items, read)
    this.#path.pop()
    return result
  }

  /** Every element of a list at hand (a bare-list answer, or one already fetched), read as objects. */
  items<T>(items: readonly unknown[], read: (r: Reading, item: JsonObject, index: number) => T): T[] {
    const result = new Array<T>(items.length)
    for (let i = 0; i < items.length; i++) {
      this.#path.push(i)
      result[i] = read(this, this.object(items[i]), i)
      this.#path.pop()
    }
    return result
  }

  /** A list of text values (genre, promoters, payment method codes); [] when absent. */
  strings(o: JsonObject, key: string, map?: (text: string) => string): string[] {
    const items = this.rawList(o, key)
    if (items === null) return []
    const result = new Array<string>(items.length)
    this.#path.push(key)
    for (let i = 0; i < items.length; i++) {
      const item = items[i]
      let text: string
      if (typeof item === 'string') text = item
      else if (Number.isSafeInteger(item)) text = String(item)
      else this.fail(i, absent(item) ? 'is missing' : 'is not a string')
      result[i] = map ? map(text) : text
    }
    this.#path.pop()
    return result
  }
}
