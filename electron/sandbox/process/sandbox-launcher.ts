import type { Sandbox, SandboxOptions } from '../server'

/**
 * The training sandbox in a process of its own. A slow request in the sandbox
 * (a costly search, a storm of offers) then costs its own CPU, never the time
 * of the process that answers the kiosk's calls. A launcher starts the child
 * (child_process.fork in plain Node, utilityProcess in Electron main); the
 * supervisor here speaks the same small message protocol to either.
 */

/** What the child is asked to start: the sandbox's options that can cross a process boundary. */
export type SandboxChildOptions = Pick<SandboxOptions, 'port' | 'dataDir' | 'holdTtlSeconds' | 'tokenTtlSeconds' | 'quirks' | 'extraEvents' | 'xss'>

/** Where the running sandbox answers, and its client credentials (they travel over the IPC channel only, never a log). */
export type SandboxAddresses = Pick<Sandbox, 'baseUrl' | 'authUrl' | 'imageBaseUrl' | 'terminal' | 'tenant' | 'clientId' | 'clientSecret'>

export interface RunningSandbox extends SandboxAddresses {
  /** The sandbox's process id (for logs and benchmarks). */
  pid: number | undefined
  /** Stops the child: asked politely first, killed if it does not go in time. */
  close(): Promise<void>
}

/** Starts the sandbox in a child process; `log` receives its log lines (never secrets). */
export type SandboxLauncher = (options: SandboxChildOptions, log: (line: string) => void) => Promise<RunningSandbox>

export type ToChild = { type: 'start'; options: SandboxChildOptions } | { type: 'close' }
export type FromChild = { type: 'ready'; sandbox: SandboxAddresses } | { type: 'failed'; message: string } | { type: 'log'; line: string }

/** The started child as the supervisor needs it, whichever API started it. */
export interface SandboxChildPort {
  send(message: ToChild): void
  onMessage(listener: (message: unknown) => void): void
  /** Called once, when the process has ended (or could not be started): its exit code or signal. */
  onExit(listener: (code: number | string | null) => void): void
  /** Ends the process without waiting for it to agree (SIGTERM). */
  kill(): void
  pid(): number | undefined
}

export interface SupervisorTimings {
  /** How long the child may take to start the sandbox (a big generated catalogue takes a while on a slow machine). */
  startMs?: number
  /** How long close() waits for the child to stop by itself before killing it. */
  closeMs?: number
}

const addressKeys = ['baseUrl', 'authUrl', 'imageBaseUrl', 'tenant', 'clientId', 'clientSecret'] as const
const terminalKeys = ['address', 'poiid', 'keyIdentifier', 'passphrase', 'rootCertificatePem', 'controlUrl'] as const

function isTerminal(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const terminal = value as Record<string, unknown>
  return terminalKeys.every((key) => typeof terminal[key] === 'string') && Number.isInteger(terminal.keyVersion)
}

/** A message from the child, checked: it is another process, and what it sends is data until proven otherwise. */
function fromChild(message: unknown): FromChild | null {
  if (typeof message !== 'object' || message === null) return null
  const m = message as Record<string, unknown>
  if (m.type === 'log' && typeof m.line === 'string') return { type: 'log', line: m.line }
  if (m.type === 'failed' && typeof m.message === 'string') return { type: 'failed', message: m.message }
  if (m.type === 'ready' && typeof m.sandbox === 'object' && m.sandbox !== null) {
    const sandbox = m.sandbox as Record<string, unknown>
    if (addressKeys.every((key) => typeof sandbox[key] === 'string') && isTerminal(sandbox.terminal)) return { type: 'ready', sandbox: sandbox as unknown as SandboxAddresses }
  }
  return null
}

/**
 * Asks a running child to stop and waits for it to exit. A child deaf to the
 * request is killed; one that outlives even that is left, said in the log, not
 * waited on forever.
 */
function stopChild(child: SandboxChildPort, exit: Promise<void>, closeMs: number, log: (line: string) => void): Promise<void> {
  child.send({ type: 'close' })
  return new Promise<void>((done) => {
    const kill = setTimeout(() => child.kill(), closeMs)
    const giveUp = setTimeout(() => {
      log('sandbox: the training sandbox process did not stop when told to; left behind')
      done()
    }, 2 * closeMs)
    void exit.then(() => {
      clearTimeout(kill)
      clearTimeout(giveUp)
      done()
    })
  })
}

/**
 * Asks the child to start the sandbox and resolves with its addresses once it
 * says it is ready. Rejects, rather than waiting forever, when the child fails,
 * exits or stays silent past `startMs`. A child that stops later is logged: sales
 * against it then fail as an unreachable backend does.
 */
export function superviseSandboxChild(
  child: SandboxChildPort,
  options: SandboxChildOptions,
  log: (line: string) => void,
  timings: SupervisorTimings = {},
): Promise<RunningSandbox> {
  const startMs = timings.startMs ?? 60_000
  const closeMs = timings.closeMs ?? 5_000
  let state: 'starting' | 'running' | 'closing' | 'exited' = 'starting'
  let exited: (() => void) | null = null
  const exit = new Promise<void>((resolve) => (exited = resolve))

  return new Promise<RunningSandbox>((resolve, reject) => {
    const startTimer = setTimeout(() => {
      if (state !== 'starting') return
      state = 'closing'
      child.kill()
      reject(new Error(`The training sandbox did not start within ${Math.round(startMs / 1000)} s`))
    }, startMs)

    child.onExit((code) => {
      clearTimeout(startTimer)
      const was = state
      state = 'exited'
      exited?.()
      if (was === 'starting') reject(new Error(`The training sandbox's process stopped before it was ready (${code})`))
      if (was === 'running') log(`sandbox: the training sandbox's process stopped unexpectedly (${code}); sales against it fail until Foyer restarts`)
    })

    child.onMessage((raw) => {
      const message = fromChild(raw)
      if (!message) return log('sandbox: ignored a malformed message from the training sandbox process')
      if (message.type === 'log') return log(message.line)
      if (state !== 'starting') return
      clearTimeout(startTimer)
      if (message.type === 'failed') {
        state = 'closing'
        child.kill()
        return reject(new Error(`The training sandbox could not start: ${message.message}`))
      }
      state = 'running'
      resolve({
        ...message.sandbox,
        pid: child.pid(),
        async close() {
          if (state === 'exited') return
          state = 'closing'
          await stopChild(child, exit, closeMs, log)
        },
      })
    })

    child.send({ type: 'start', options })
  })
}
