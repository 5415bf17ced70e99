// Preloaded (`node --import`) by tests that ask what a process loaded: at its exit it writes one line to stderr,
// `loaded packages: a b …`, the packages of node_modules whose CommonJS modules it loaded (by import too: Node's
// ESM loader keeps them in the same cache).
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
process.on('exit', () => {
  const names = new Set(Object.keys(require.cache).map((file) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1]))
  names.delete(undefined)
  process.stderr.write(`loaded packages: ${[...names].sort().join(' ')}\n`)
})
