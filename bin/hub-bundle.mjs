// Where Foyer Hub's bundle is (scripts/build-hub.mjs makes it), and whether it is current: built after the
// last change to every source it was built from. Those sources are listed beside it (esbuild's own account
// of its inputs), so a stale bundle is never run for a hub whose code has changed since.
import { readFileSync, statSync } from 'node:fs'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
export const hubBundle = resolve(root, 'out/hub/foyer-hub.mjs')
export const hubBundleInputs = resolve(root, 'out/hub/inputs.json')

/** True when the bundle exists and no source it was built from (paths from `base`) has changed since. */
export function hubBundleIsCurrent(bundle = hubBundle, inputsFile = hubBundleInputs, base = root) {
  try {
    const built = statSync(bundle).mtimeMs
    const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'))
    return Array.isArray(inputs) && inputs.length > 0 && inputs.every((file) => statSync(resolve(base, file)).mtimeMs <= built)
  } catch {
    return false
  }
}
