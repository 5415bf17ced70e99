import { setImmediate as nextTurn } from 'node:timers/promises'

/** Array items written between two turns of the event loop. */
const ITEMS_A_TURN = 500

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON !== 'function'

/** Holds an array too long to write in one turn (a small one is walked: it may hold a long one, as the logs' files hold their lines). */
const isLarge = (value: unknown): boolean =>
  Array.isArray(value) ? value.length > ITEMS_A_TURN || value.some(isLarge) : isContainer(value) && Object.values(value).some(isLarge)

/** A part written at once when small (a log line), in slices when it holds a long array. */
const partOf = async (value: unknown): Promise<string | undefined> => (isLarge(value) ? slicedJson(value) : JSON.stringify(value))

/**
 * JSON.stringify's text for a large value (a support file: tens of thousands of log lines), written a
 * slice of each long array at a time with turns of the event loop between: written at once, 4 MB took
 * main 20-45 ms, while a customer may be at the screen. The same text as JSON.stringify(value) gives.
 */
export async function slicedJson(value: unknown): Promise<string | undefined> {
  if (!isContainer(value) || !isLarge(value)) return JSON.stringify(value)
  if (Array.isArray(value)) {
    const items: string[] = []
    for (let start = 0; start < value.length; start += ITEMS_A_TURN) {
      if (start > 0) await nextTurn()
      for (const item of value.slice(start, start + ITEMS_A_TURN)) items.push((await partOf(item)) ?? 'null')
    }
    return `[${items.join(',')}]`
  }
  const fields: string[] = []
  for (const [key, field] of Object.entries(value)) {
    const text = await partOf(field)
    if (text !== undefined) fields.push(`${JSON.stringify(key)}:${text}`)
  }
  return `{${fields.join(',')}}`
}
