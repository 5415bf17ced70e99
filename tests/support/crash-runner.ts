/**
 * A Foyer runtime in its own process, for the crash test: it connects to the
 * sandbox named in its environment, takes a seat offer through the contract,
 * prints the held inventory ids as one JSON line, and then waits to be killed.
 */
import { call } from '../../electron/ipc-core/dispatcher'
import { startRuntime } from '../../electron/services/runtime'

const env = (name: string) => {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set`)
  return value
}
const endpoints = JSON.parse(env('CRASH_ENDPOINTS'))
const runtime = await startRuntime({
  facts: { appVersion: 'test', mode: 'self-service', host: 'browser' },
  dataDir: env('CRASH_DATA_DIR'),
  connection: { endpoints, secret: async () => env('CRASH_SECRET'), holdWindowMs: 900_000, close: async () => {} },
  log: { warn: () => {}, error: () => {} },
})
// Listed first, as the renderer would: main sells only shows it listed.
const listed = await call(runtime.services.dispatcher, 'catalogue.shows', { code: env('CRASH_EVENT'), lang: 'EN_SG' })
if (!listed.ok) throw new Error(listed.error.code)
const reply = await call(runtime.services.dispatcher, 'offers.request', JSON.parse(env('CRASH_OFFER')))
if (!reply.ok) throw new Error(reply.error.code)
process.stdout.write(`${JSON.stringify(reply.value.offer.sets.flat().map((s) => s.inventoryId))}\n`)
setInterval(() => {}, 60_000)
