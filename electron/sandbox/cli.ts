import { parseArgs } from 'node:util'
import { MAX_EXTRA_EVENTS } from './seed/extra/extra-events'
import { MAX_TERMINALS } from './terminal/training-terminals'
import { startSandbox } from './server'

/**
 * `npm run sandbox -- --port <p> --data <dir> [--hold-ttl <s>] [--token-ttl <s>] [--quirks] [--extra-events <n>] [--xss] [--tls] [--terminals <n>] [--tenant <name>]`
 * When ready, prints exactly one line of JSON on stdout with the addresses and
 * the client credentials, and each simulated card terminal's address, POIID, key and root; with
 * --tls the API is https and `rootCertificatePem` is the root its certificate is signed by (a
 * venue trying Foyer against it as staging trusts that root: NODE_EXTRA_CA_CERTS). Everything
 * else goes to stderr.
 */
function fail(message: string): never {
  process.stderr.write(`sandbox: ${message}\n`)
  process.exit(2)
}

function seconds(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const value = Number(text)
  if (!Number.isInteger(value) || value < 1) fail(`--${name} must be a whole number of seconds, at least 1`)
  return value
}

let values
try {
  ;({ values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      data: { type: 'string' },
      'hold-ttl': { type: 'string' },
      'token-ttl': { type: 'string' },
      quirks: { type: 'boolean', default: false },
      'extra-events': { type: 'string', default: '0' },
      xss: { type: 'boolean', default: false },
      tls: { type: 'boolean', default: false },
      terminals: { type: 'string', default: '1' },
      tenant: { type: 'string' },
    },
    strict: true,
  }))
} catch (error) {
  fail((error as Error).message)
}

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be a port number (0 picks a free one)')
const extraEvents = Number(values['extra-events'])
if (!Number.isInteger(extraEvents) || extraEvents < 0 || extraEvents > MAX_EXTRA_EVENTS) {
  fail(`--extra-events must be a whole number from 0 to ${MAX_EXTRA_EVENTS}`)
}
const terminals = Number(values.terminals)
if (!Number.isInteger(terminals) || terminals < 1 || terminals > MAX_TERMINALS) fail(`--terminals must be a whole number from 1 to ${MAX_TERMINALS}`)
// A tenant is a path segment of every address, and half of the keychain account Foyer keeps its secret under.
if (values.tenant !== undefined && !/^[A-Za-z0-9._-]{1,64}$/.test(values.tenant)) fail('--tenant must be 1 to 64 letters, digits, dots, dashes or underscores')

// Handlers first: a signal that arrives between "ready" and a late handler
// would otherwise take the default action and kill the process mid-write.
let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    const closing = sandbox ? sandbox.close() : Promise.resolve()
    closing.then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}

try {
  sandbox = await startSandbox({
    port,
    dataDir: values.data,
    holdTtlSeconds: seconds('hold-ttl', values['hold-ttl']),
    tokenTtlSeconds: seconds('token-ttl', values['token-ttl']),
    quirks: values.quirks,
    extraEvents,
    xss: values.xss,
    tls: values.tls,
    terminals,
    tenant: values.tenant,
  })
  const { baseUrl, authUrl, imageBaseUrl, tenant, clientId, clientSecret, rootCertificatePem } = sandbox
  process.stdout.write(`${JSON.stringify({ baseUrl, authUrl, imageBaseUrl, tenant, clientId, clientSecret, rootCertificatePem, terminals: sandbox.terminals })}\n`)
  process.stderr.write(`sandbox: ready at ${baseUrl}${values.data ? ` (data in ${values.data})` : ' (in memory)'}\n`)
} catch (error) {
  fail(`could not start: ${(error as Error).message}`)
}
