import { z } from 'zod'
import { DECIMAL, numbersIn } from './number-list'
import { scalarWords } from './reading'

/**
 * The tolerant scalars every resource schema is built of: each is a union of
 * the forms the spec, its field list and the real service (vendor notes) give
 * one kind of value, read as the one form Foyer's model holds. `opt…` reads
 * null or absent as null (`.nullable().default(null)`, which costs a third less
 * than a transform, and these run for every seat of an offer); lists read null or
 * absent as empty.
 */

/**
 * Text. A safe integer is taken as its digits: the spec types some codes as
 * numbers (internetContentCode, icAttributesList), and a number past 2^53 has
 * already lost digits in JSON.parse, so it is refused.
 */
export const text = z.union([z.string(), z.number().refine(Number.isSafeInteger).transform(String)], { error: scalarWords('is not a string') })
export const optText = text.nullable().default(null)

/** A number, also when given as a decimal string (amounts, seatAngle, release status, expires_in). */
export const number = z.union([z.number(), z.string().regex(DECIMAL).transform(Number)], { error: scalarWords('is not a number') })
export const optNumber = number.nullable().default(null)

export const integer = number.refine(Number.isInteger, 'is not an integer')
export const optInteger = integer.nullable().default(null)

/**
 * A yes/no field: the spec uses booleans (addressRequired), 0/1 numbers
 * (interactive, imageAvailable) and an integer that is a boolean in the field
 * list (passwordRequired).
 */
export const requiredFlag = z.union([z.boolean(), z.literal([1, '1', 'true']).transform(() => true), z.literal([0, '0', 'false']).transform(() => false)], {
  error: scalarWords('is not a yes/no value'),
})
/** Absent reads as no. */
export const flag = requiredFlag.nullish().transform((value) => value ?? false)
export const optFlag = requiredFlag.nullable().default(null)

/** A list of `item`s; null or absent (the spec's nullable lists) reads as empty. */
export const list = <T extends z.ZodType>(item: T) => z.array(item).nullish().transform((items) => items ?? [])

/**
 * The numbers of a comma-separated string ("x1,y1,x2,y2", "1,2,3"); spaces
 * around a number and empty parts (a trailing comma) are tolerated, anything
 * else that is not a plain decimal is refused.
 */
export const numberList = z.string().transform((value, context) => {
  const numbers = numbersIn(value)
  if (numbers !== null) return numbers
  context.addIssue({ code: 'custom', message: 'has a part that is not a number', input: value })
  return z.NEVER
})

/**
 * A field the spec documents under two names (`SeatLevel`/`seatLevel`, …),
 * read from the object `o` parsed with both as optional keys: the first that
 * holds a value, else the second.
 */
export const either = <T>(first: T | null | undefined, second: T | null | undefined): T | null => first ?? second ?? null
