import { expect } from 'vitest'
import { PrintFailed } from '../../electron/printers/printer-port'

/** What a print that must fail failed with: a PrintFailed, for the test to read its stage, problems and words. */
export async function printFailure(promise: Promise<unknown>): Promise<PrintFailed> {
  const error = await promise.then(() => null, (e: unknown) => e)
  expect(error).toBeInstanceOf(PrintFailed)
  return error as PrintFailed
}
