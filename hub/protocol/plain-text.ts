import { z } from 'zod'

/**
 * Text a person types that is stored and shown again: a device's or a place's name, a staff name,
 * a profile's, a message for the screens, a refund's reason. One rule for the hub and the device:
 * no control characters (C0, DEL and C1). PostgreSQL refuses a NUL byte outright, so a name
 * holding one reached the database and came back as a 500; a line feed or an escape in a name
 * breaks a receipt line, a CSV row, a log line. Refused at the boundary as a bad field instead.
 */
export const CONTROL_CHARACTER = /\p{Cc}/u
/** Every run of them, for replacing. */
const CONTROL_CHARACTERS = new RegExp(`${CONTROL_CHARACTER.source}+`, 'gu')

export const CONTROL_CHARACTER_ERROR = 'must not hold control characters'

/** Whether the text holds a control character (e.g. NUL, line feed, escape). */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text)
}

/** Trimmed text of `min` to `max` characters with no control character. */
export function plainText(max: number, min = 0) {
  return z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((text) => !hasControlCharacter(text), { error: CONTROL_CHARACTER_ERROR })
}

/** Text as a device sends it in a record (not trimmed: the record is kept as sent), with no control character. */
export function sentText(max: number) {
  return z
    .string()
    .max(max)
    .refine((text) => !hasControlCharacter(text), { error: CONTROL_CHARACTER_ERROR })
}

/** The text as one plain line: each run of control characters becomes one space. */
export function plainLine(text: string): string {
  return text.replace(CONTROL_CHARACTERS, ' ')
}

/**
 * The JSON text of a value with every string in it as a plain line. A device's record is made from the vendor's texts
 * (a show's title, a price class's name), which the device does not choose: a stray control character in one must not
 * make the record one the hub refuses, so it is made a space before the record is sent. Written in one pass (each string
 * made plain as JSON.stringify writes it), not by copying the whole value first: records are made at a sale's steps.
 */
export function plainLinesJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'string' ? plainLine(inner) : inner))
}
