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
 * True when `bundle` and the files built with it (`besides`, named as they sit beside it) exist and no source they
 * were built from (listed in `inputsFile`, paths from `base`) has changed since. Any bundle's: the hub's, and the
 * browser host's sandbox the tests start (tests/support/built-sandbox.ts).
 * @param {string} bundle
 * @param {string} inputsFile
 * @param {{ base?: string, besides?: string[] }} [options]
 */
export function bundleIsCurrent(bundle, inputsFile, { base = root, besides = [] } = {}) {
  try {
    const built = statSync(bundle).mtimeMs
    // Each written before the bundle by its build, so never newer than it when both are of one build.
    if (besides.some((file) => statSync(join(dirname(bundle), file)).mtimeMs > built)) return false
    const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'))
    return Array.isArray(inputs) && inputs.length > 0 && inputs.every((file) => statSync(resolve(base, file)).mtimeMs <= built)
  } catch {
    return false
  }
}

/** The hub's bundle is current with its PGlite thread's beside it: a bundle from before the worker had its own file is not. */
export function hubBundleIsCurrent(bundle = hubBundle, inputsFile = hubBundleInputs, base = root) {
  return bundleIsCurrent(bundle, inputsFile, { base, besides: [HUB_WORKER_FILE] })
}
