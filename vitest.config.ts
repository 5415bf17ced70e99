import vue from '@vitejs/plugin-vue'
import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

// vitest 5 targets Node 22; on Node 20 its reporter calls Map.groupBy (Node 21+)
// when it prints failures, and crashes instead of showing them. Fill it in here,
// in the process that runs the reporter, until the machines move to Node 22.
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, V>(items: Iterable<V>, keyOf: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>()
      let index = 0
      for (const item of items) {
        const key = keyOf(item, index++)
        const group = groups.get(key)
        if (group) group.push(item)
        else groups.set(key, [item])
      }
      return groups
    },
  })
}

const alias = { '@contract': resolve(import.meta.dirname, 'electron/contract') }
// Every test that starts a host runtime starts the training sandbox as a child process (through tsx
// from the sources: about a second, several on a loaded two-core machine), so the defaults (5 s a
// test, 10 s a hook) leave no room for a machine three times slower.
const timeouts = { testTimeout: 20_000, hookTimeout: 30_000 }

/** Two worlds, two projects: main-side code under Node, renderer code under happy-dom. */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'main', environment: 'node', include: ['tests/unit/**/*.test.ts'], ...timeouts },
      },
      {
        plugins: [vue()],
        resolve: { alias },
        test: { name: 'renderer', environment: 'happy-dom', include: ['tests/renderer/**/*.test.ts'], ...timeouts },
      },
    ],
  },
})
