import { utilityProcess } from 'electron'
import { join } from 'node:path'
import { superviseSandboxChild, type SandboxLauncher } from '../sandbox/process/sandbox-launcher'

/**
 * Electron's launcher for the training sandbox: a utility process running the
 * built child entry (out/main/sandbox-child.js, an input of the main build in
 * electron.vite.config.ts). Not child_process.fork: the packaged app's runAsNode
 * fuse is off, so the Electron binary cannot be started as plain Node.
 */
export const launchUtilitySandbox: SandboxLauncher = (options, log) => {
  const child = utilityProcess.fork(join(import.meta.dirname, 'sandbox-child.js'), [], {
    serviceName: 'Foyer training sandbox',
    stdio: 'inherit',
  })
  // Nothing is posted before the process is there to take it.
  const spawned = new Promise<void>((resolve) => child.once('spawn', () => resolve()))
  return superviseSandboxChild(
    {
      send: (message) => void spawned.then(() => child.postMessage(message)),
      onMessage: (listener) => child.on('message', listener),
      onExit: (listener) => child.once('exit', listener),
      kill: () => void child.kill(),
      pid: () => child.pid,
    },
    options,
    log,
  )
}
