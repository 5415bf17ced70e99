import { forkBuiltSandbox } from './built-sandbox'

/**
 * A process that starts the training sandbox in a child, as the browser host
 * does, prints the child's pid as one line of JSON and waits: a test kills it
 * without warning and checks that the child goes too.
 */
const sandbox = await forkBuiltSandbox({ port: 0 }, () => {})
process.stdout.write(`${JSON.stringify({ pid: sandbox.pid })}\n`)
setInterval(() => {}, 60_000)
