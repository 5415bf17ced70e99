import { startSandbox, type Sandbox } from '../server'
import type { FromChild, SandboxChildOptions, ToChild } from './sandbox-launcher'

/**
 * The training sandbox's own process: started by child_process.fork (plain
 * Node: the browser host, tests) or Electron's utilityProcess.fork (the app),
 * it waits for its options, starts the sandbox and reports the addresses and
 * credentials over the IPC channel, never on stdout. It stops when told to,
 * and when the parent is gone.
 */

/** The one thing this process needs of Electron's process.parentPort (typed here: this module imports no electron). */
interface ElectronParentPort {
  on(event: 'message', listener: (event: { data: unknown }) => void): void
  postMessage(message: unknown): void
}

interface ParentLink {
  /** Settles once the message is handed over (or cannot be), so a process about to exit says its last word first. */
  post(message: FromChild): Promise<void>
  onMessage(listener: (message: unknown) => void): void
}

function parentLink(): ParentLink | null {
  const port = (process as { parentPort?: ElectronParentPort }).parentPort
  if (port) {
    // A utility process ends with Electron's main process; there is no disconnect to watch.
    return { post: async (message) => port.postMessage(message), onMessage: (listener) => port.on('message', (event) => listener(event.data)) }
  }
  if (!process.send) return null
  // child_process: the parent gone (exited, crashed, killed) closes the channel.
  process.once('disconnect', () => void stop(0))
  return {
    post: (message) =>
      new Promise<void>((sent) => {
        // A parent that has just gone can no longer be told anything.
        if (!process.connected) return sent()
        process.send!(message, undefined, {}, () => sent())
      }),
    onMessage: (listener) => process.on('message', listener),
  }
}

let sandbox: Sandbox | null = null
let stopping = false

async function stop(code: number): Promise<void> {
  if (stopping) return
  stopping = true
  try {
    await sandbox?.close()
  } finally {
    process.exit(code)
  }
}

const link = parentLink()
if (!link) {
  process.stderr.write('The training sandbox process is started by Foyer, not run by hand (npm run sandbox runs the sandbox alone).\n')
  process.exit(2)
}
const log = (line: string) => void link.post({ type: 'log', line })

// Ctrl-C in a terminal reaches the whole process group: the parent decides when this process stops.
process.on('SIGINT', () => {})
// An error nobody caught is said in one line (no stack, no source paths), and ends the process: the parent sees it exit.
process.on('uncaughtException', (error) => {
  void link.post({ type: 'log', line: `sandbox: stopped on an unexpected error: ${error.message}` }).then(() => stop(1))
})

link.onMessage((raw) => {
  const message = raw as ToChild
  if (message?.type === 'close') return void stop(0)
  if (message?.type !== 'start' || sandbox || stopping) return
  void startSandbox({ ...(message.options as SandboxChildOptions), log }).then(
    (started) => {
      sandbox = started
      const { baseUrl, authUrl, imageBaseUrl, terminal, tenant, clientId, clientSecret } = started
      void link.post({ type: 'ready', sandbox: { baseUrl, authUrl, imageBaseUrl, terminal, tenant, clientId, clientSecret } })
    },
    (error: unknown) => {
      void link.post({ type: 'failed', message: (error as Error).message }).then(() => stop(1))
    },
  )
})
