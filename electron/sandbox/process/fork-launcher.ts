import { fork, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { superviseSandboxChild, type SandboxLauncher, type SupervisorTimings } from './sandbox-launcher'

/**
 * The plain-Node launcher (the browser host, tests, benchmarks): the sandbox
 * child through child_process.fork. Run from the TypeScript sources (tsx,
 * vitest) the child is the .ts entry loaded through tsx; run from a built
 * bundle it is the built sandbox-child.js beside it.
 */
export function sandboxChildEntry(): { modulePath: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url)
  if (here.endsWith('.ts')) {
    // tsx by absolute address: the child may start from any working folder.
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
    return { modulePath: join(dirname(here), 'sandbox-child.ts'), execArgv: ['--import', tsx] }
  }
  return { modulePath: join(dirname(here), 'sandbox-child.js'), execArgv: [] }
}

/**
 * Children still running when this process exits are told to stop (SIGTERM).
 * The child also watches its IPC channel, but a child busy in a long request
 * cannot hear the channel close until it is done; a signal needs no listening.
 */
const running = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of running) child.kill()
})

/** `entry` says which child to fork: by default the one beside this module (above); a test may give the built one. */
export function forkSandboxLauncher(timings: SupervisorTimings = {}, entry: () => { modulePath: string; execArgv: string[] } = sandboxChildEntry): SandboxLauncher {
  return (options, log) => {
    const { modulePath, execArgv } = entry()
    // execArgv replaces the parent's (a test runner's flags are not the child's); stdout and stderr are shared.
    const child = fork(modulePath, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    running.add(child)
    child.once('exit', () => running.delete(child))
    return superviseSandboxChild(
      {
        send: (message) => {
          if (child.connected) child.send(message)
        },
        onMessage: (listener) => child.on('message', listener),
        onExit: (listener) => {
          let told = false
          const tell = (code: number | string | null) => {
            if (told) return
            told = true
            listener(code)
          }
          child.once('exit', (code, signal) => tell(code ?? signal))
          // A child that could not be started at all emits error and never exit.
          child.once('error', (error) => {
            if (child.pid === undefined) tell(error.message)
          })
        },
        kill: () => void child.kill(),
        pid: () => child.pid,
      },
      options,
      log,
      timings,
    )
  }
}

/** The launcher with the default timings. */
export const forkSandbox: SandboxLauncher = forkSandboxLauncher()
