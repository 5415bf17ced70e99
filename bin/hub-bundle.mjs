// Where Foyer Hub's bundle is (scripts/build-hub.mjs makes it), and whether it is current: built after the
// last change to every source it was built from. Those sources are listed beside it (esbuild's own account
// of its inputs), so a stale bundle is never run for a hub whose code has changed since.
import { readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
export const hubBundle = resolve(root, 'out/hub/foyer-hub.mjs')
export const hubBundleInputs = resolve(root, 'out/hub/inputs.json')
/** The PGlite thread's code, built with the hub's bundle and loaded from beside it (hub/storage/pglite-thread.ts). */
export const HUB_WORKER_FILE = 'pglite-worker.mjs'
export const hubWorkerBundle = resolve(dirname(hubBundle), HUB_WORKER_FILE)

/**
 * True when the bundle and its PGlite thread's beside it exist and no source they were built from (paths
 * from `base`) has changed since: a bundle from before the worker had its own file is not current.
 */
export function hubBundleIsCurrent(bundle = hubBundle, inputsFile = hubBundleInputs, base = root) {
  try {
    const built = statSync(bundle).mtimeMs
    // Written before the bundle (scripts/build-hub.mjs), so never newer than it when both are of one build.
    if (statSync(join(dirname(bundle), HUB_WORKER_FILE)).mtimeMs > built) return false
    const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'))
    return Array.isArray(inputs) && inputs.length > 0 && inputs.every((file) => statSync(resolve(base, file)).mtimeMs <= built)
  } catch {
    return false
  }
}
