import { afterAll, beforeAll } from 'vitest'

/**
 * For a renderer test file (happy-dom) whose main reaches the sandbox: main's API client calls it with
 * the global fetch, which under happy-dom is the page's (browser rules, no loopback sandbox), so for the
 * file's tests main (and the test's own calls to the sandbox) get Node's fetch, as main has in the app,
 * and the page's is put back after. Call it before the file's own beforeAll and afterAll: the swap is
 * made before them and undone after them.
 */
export function nodeFetchForFile(): void {
  const pageFetch = globalThis.fetch
  beforeAll(async () => {
    globalThis.fetch = (await import('undici')).fetch as unknown as typeof fetch
  })
  afterAll(() => {
    globalThis.fetch = pageFetch
  })
}
