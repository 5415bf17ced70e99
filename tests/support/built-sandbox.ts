import { resolve } from 'node:path'
import { bundleIsCurrent } from '../../bin/hub-bundle.mjs'
import { forkSandboxLauncher, sandboxChildEntry } from '../../electron/sandbox/process/fork-launcher'
import type { SandboxLauncher } from '../../electron/sandbox/process/sandbox-launcher'

/**
 * The training sandbox as the browser host's bundle carries it (scripts/build-browser-host.mjs:
 * out/browser-host/sandbox-cli.js and sandbox-child.js), for the tests that start it as a process of
 * its own: from the TypeScript through tsx each start cost about 2.5 CPU-s, the bundle a fraction. Used
 * only while current (built after every source it was built from, listed beside it), so a test never
 * runs a sandbox older than the sources; otherwise the sources through tsx, as before. npm test builds
 * the bundle before Vitest runs.
 */
const root = resolve(import.meta.dirname, '../..')
const built = (name: string) => resolve(root, 'out/browser-host', name)
const current = (file: string) => bundleIsCurrent(file, built('inputs.json'))

/** Node's arguments that start `npm run sandbox` (its options follow them). */
export function sandboxCliArgs(): string[] {
  const bundle = built('sandbox-cli.js')
  return current(bundle) ? [bundle] : ['--import', 'tsx', resolve(root, 'electron/sandbox/cli.ts')]
}

/** The sandbox child's built entry, to fork with no loader, when current; undefined otherwise. */
export function builtSandboxChild(): string | undefined {
  const bundle = built('sandbox-child.js')
  return current(bundle) ? bundle : undefined
}

/**
 * The browser host's launcher (fork-launcher.ts) forking the built child where current: from the
 * TypeScript it forks the .ts child through tsx, whose start took seconds of CPU in each test.
 */
export function forkBuiltSandboxLauncher(timings: Parameters<typeof forkSandboxLauncher>[0] = {}): SandboxLauncher {
  return forkSandboxLauncher(timings, () => {
    const modulePath = builtSandboxChild()
    return modulePath ? { modulePath, execArgv: [] } : sandboxChildEntry()
  })
}

/** forkBuiltSandboxLauncher with the default timings. */
export const forkBuiltSandbox: SandboxLauncher = forkBuiltSandboxLauncher()
