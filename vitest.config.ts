import vue from '@vitejs/plugin-vue'
import { availableParallelism, tmpdir } from 'node:os'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import { defineConfig } from 'vitest/config'
import { chromiumPath } from './scripts/chromium.mjs'

// The tests that print through the browser host's Chromium (browser-host/chromium.ts reads FOYER_CHROMIUM,
// as do the processes they start) use the one the E2E pages use: the headless shell where it is installed.
process.env.FOYER_CHROMIUM ??= chromiumPath
// Node's module compile cache (Node 22.1+), for the workers and every process a test starts (the sandbox,
// hub and browser host command lines through tsx, a Foyer killed and started again): a start reads back the
// V8 code an earlier start of the same modules compiled rather than compiling it again, about a seventh of
// such a start's CPU. Node ignores a cache it cannot use; the code run is the same.
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'foyer-node-compile-cache')

/** Lower-cost PIN hashes for the projects that run Foyer's services in-process (tests/support/test-pin-cost.ts). */
const testPinCost = 'tests/support/test-pin-cost.ts'
const alias = { '@contract': resolve(import.meta.dirname, 'electron/contract') }
// A test that starts a runtime starts a sandbox and may check a PIN with scrypt, with the other
// core busy with another file: the defaults (5 s a test, 10 s a hook) leave no room for a machine
// three times slower.
// expect.poll's own default gives up after one second: on a loaded machine a terminal or a push answers later
// than that (adyen-terminal's walk-away test failed so with both cores busy). Ten, as Playwright's expect.
const poll = { expect: { poll: { timeout: 10_000 } } }
// A failing test runs once more, as Playwright's do (playwright.config.ts): CI machines are shared and noisy, and
// one unlucky moment must not undo a whole run. It is not hidden: a test that passed only when run again is named
// with what failed at the end of npm test's output (scripts/run-tests.mjs), to be looked at.
const retry = 1
const timeouts = { testTimeout: 20_000, hookTimeout: 30_000, retry, ...poll }
// A process started from the sources takes several seconds on a loaded machine, and a test here starts a few.
const processTimeouts = { testTimeout: 60_000, hookTimeout: 60_000, retry, ...poll }

/**
 * Tests whose subject is a process of its own (a Foyer killed by SIGKILL, the
 * sandbox's command line and fork, the start script): each spawns Node and
 * tsx, seconds of CPU. `*.process.test.ts` names such a file.
 */
const processTests = ['tests/unit/**/*.process.test.ts', 'tests/hub/**/*.process.test.ts', 'tests/unit/sandbox/cli.test.ts', 'tests/unit/sandbox/sandbox-process.test.ts', 'tests/unit/start-script.test.ts']

/** The test files under `dir` whose source matches `pattern`: found by reading them, so a new one is kept apart without being listed. */
const filesMatching = (dir: string, pattern: RegExp) =>
  readdirSync(resolve(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${dir}/${file.split(sep).join('/')}`)
    .filter((file) => pattern.test(readFileSync(resolve(import.meta.dirname, file), 'utf8')))

/**
 * Main-side files that stand a fake in for a module or the environment (vi.mock, vi.stubEnv,
 * vi.stubGlobal): each runs in a module graph of its own (the `main-isolated` project).
 */
const MOCKING = /\bvi\.(mock|doMock|stubEnv|stubGlobal)\(/
const mockingTests = filesMatching('tests/unit', MOCKING)
/**
 * Renderer files that mock, or spy on the document or window's own listeners: the latter pin a module's
 * listeners from a fresh start (presence.ts listens once for all), which another file's mounted screens,
 * sharing that module in a shared graph, would already have added (`renderer-isolated`).
 */
const isolatedRendererTests = filesMatching('tests/renderer', new RegExp(`${MOCKING.source}|\\bvi\\.spyOn\\((document|window)\\b`))

/**
 * Main-side code under Node (`main`, and Foyer Hub's `hub`), renderer code under
 * happy-dom; and `integration`, for the process-spawning tests. They
 * share the run's two workers with the others: a process test spends most of its
 * time waiting on a child, and run after the rest, one at a time, they left a
 * core idle for a minute and a half of every run. The suite passes with both
 * cores busy, so a process test beside an in-process one is what CI does anyway.
 */
export default defineConfig({
  test: {
    // Vitest's own default is one worker fewer than the cores: on the two-core machines npm test is
    // measured on, one file at a time. The in-process tests share nothing (each has its own sandbox on
    // port 0, its own temporary folders, keychain entries under a tenant of its own), so there both
    // cores take a file each, whichever project it is in.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // Each file imports much of electron/ (the sandbox, the journal, the services): in a fresh
        // module graph a file, importing was about a quarter of the project's time. These files
        // share one graph a worker; what they set up is their own (a sandbox on port 0, temporary
        // folders, a keychain tenant of its own), and each puts back what it changes.
        resolve: { alias },
        test: { name: 'main', setupFiles: [testPinCost], environment: 'node', include: ['tests/unit/**/*.test.ts'], exclude: [...processTests, ...mockingTests], isolate: false, sequence: { groupOrder: 0 }, ...timeouts },
      },
      {
        // Files that stand a fake in for a module (vi.mock): the fake must not leak into other files.
        resolve: { alias },
        test: { name: 'main-isolated', setupFiles: [testPinCost], environment: 'node', include: mockingTests, sequence: { groupOrder: 0 }, ...timeouts },
      },
      {
        resolve: { alias },
        test: { name: 'integration', environment: 'node', include: processTests, sequence: { groupOrder: 0 }, ...processTimeouts },
      },
      {
        // Foyer Hub (hub/): every storage test on PGlite and on a real PostgreSQL server, a
        // throwaway cluster the global setup makes and stops (tests/support/hub-postgres-setup.ts).
        test: {
          name: 'hub',
          environment: 'node',
          include: ['tests/hub/**/*.test.ts'],
          exclude: processTests,
          globalSetup: ['tests/support/hub-postgres-setup.ts'],
          // fastify, pg and PGlite imported once a worker; each file opens its own databases.
          isolate: false,
          sequence: { groupOrder: 0 },
          ...timeouts,
          // Opening PGlite compiles PostgreSQL's WebAssembly: seconds of CPU each, and the files open
          // theirs at once (one per file, shared by its tests), so their first hook gets long.
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [vue()],
        resolve: { alias },
        // Vue, Pinia, the i18n messages and the stores imported once a worker, not once a file: each
        // file makes its own Pinia and i18n (createFoyerI18n) and puts its fake timers back.
        test: { name: 'renderer', setupFiles: [testPinCost], environment: 'happy-dom', include: ['tests/renderer/**/*.test.ts'], exclude: isolatedRendererTests, isolate: false, sequence: { groupOrder: 0 }, ...timeouts },
      },
      {
        plugins: [vue()],
        resolve: { alias },
        test: { name: 'renderer-isolated', setupFiles: [testPinCost], environment: 'happy-dom', include: isolatedRendererTests, sequence: { groupOrder: 0 }, ...timeouts },
      },
      {
        // Foyer Hub's dashboard page (hub/dashboard) under happy-dom, against a fake network at fetch and EventSource.
        plugins: [vue()],
        test: { name: 'hub-dashboard', environment: 'happy-dom', include: ['tests/hub-dashboard/**/*.test.ts'], isolate: false, sequence: { groupOrder: 0 }, ...timeouts },
      },
    ],
  },
})
