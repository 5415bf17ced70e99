import type { RunningSandbox, SandboxLauncher } from './sandbox-launcher'

/**
 * One training sandbox per host, however many connections use it. A data
 * folder belongs to one sandbox process at a time (store/database.ts locks it),
 * and "Test connection" or a backend switch connects again while the kiosk
 * still sells on the sandbox: those connections share the running process,
 * which stops when the last of them closes.
 */
export function sharedSandbox(launch: SandboxLauncher): SandboxLauncher {
  let current: { running: Promise<RunningSandbox>; users: number } | null = null
  return async (options, log) => {
    if (!current) current = { running: launch(options, log), users: 0 }
    const entry = current
    entry.users++
    let sandbox: RunningSandbox
    try {
      sandbox = await entry.running
    } catch (error) {
      // A start that failed is not kept: the next connection tries again.
      entry.users--
      if (current === entry) current = null
      throw error
    }
    let closed = false
    return {
      ...sandbox,
      async close() {
        if (closed) return
        closed = true
        if (--entry.users > 0) return
        if (current === entry) current = null
        await sandbox.close()
      },
    }
  }
}
