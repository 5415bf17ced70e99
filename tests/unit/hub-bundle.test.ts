import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { bundleIsCurrent, hubBundleIsCurrent } from '../../bin/hub-bundle.mjs'

/**
 * bin/foyer-hub.mjs runs the hub's bundle (scripts/build-hub.mjs) only while it is current: a source changed
 * after the build (a developer's edit, a `git pull` before `npm run build:hub`) sends it to the sources instead,
 * so a hub never runs code older than its files.
 */
describe("the hub's bundle, run only while current", () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-hub-bundle-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const bundle = join(dir, 'foyer-hub.mjs')
  const inputs = join(dir, 'inputs.json')
  const at = (file: string, seconds: number) => utimesSync(join(dir, file), seconds, seconds)

  it('is current when built after every source it lists, and stale once one of them changes', () => {
    writeFileSync(join(dir, 'serve.ts'), '')
    writeFileSync(join(dir, 'check.ts'), '')
    writeFileSync(inputs, JSON.stringify(['serve.ts', 'check.ts']))
    writeFileSync(join(dir, 'pglite-worker.mjs'), '')
    writeFileSync(bundle, '')
    at('serve.ts', 1_000)
    at('check.ts', 1_000)
    at('pglite-worker.mjs', 2_000)
    at('foyer-hub.mjs', 2_000)
    expect(hubBundleIsCurrent(bundle, inputs, dir)).toBe(true)
    at('check.ts', 3_000)
    expect(hubBundleIsCurrent(bundle, inputs, dir)).toBe(false)
  })

  it('is not current without a bundle, without its list of sources, or with a source gone', () => {
    at('check.ts', 1_000)
    expect(hubBundleIsCurrent(bundle, inputs, dir)).toBe(true)
    expect(hubBundleIsCurrent(join(dir, 'missing.mjs'), inputs, dir)).toBe(false)
    expect(hubBundleIsCurrent(bundle, join(dir, 'missing.json'), dir)).toBe(false)
    writeFileSync(inputs, JSON.stringify(['serve.ts', 'gone.ts']))
    expect(hubBundleIsCurrent(bundle, inputs, dir)).toBe(false)
    writeFileSync(inputs, '[]')
    expect(hubBundleIsCurrent(bundle, inputs, dir)).toBe(false)
  })

  it("is not current without its PGlite thread's bundle beside it, or with one newer (a build still writing)", () => {
    writeFileSync(inputs, JSON.stringify(['serve.ts', 'check.ts']))
    expect(hubBundleIsCurrent(bundle, inputs, dir)).toBe(true)
    at('pglite-worker.mjs', 3_000)
    expect(hubBundleIsCurrent(bundle, inputs, dir)).toBe(false)
    rmSync(join(dir, 'pglite-worker.mjs'))
    expect(hubBundleIsCurrent(bundle, inputs, dir)).toBe(false)
  })

  it("asks no PGlite thread of another bundle (the browser host's sandbox, which the tests start): only the files named beside it", () => {
    // The PGlite thread's bundle is gone (the test above): the hub's is not current, any other bundle still is.
    expect(hubBundleIsCurrent(bundle, inputs, dir)).toBe(false)
    expect(bundleIsCurrent(bundle, inputs, { base: dir })).toBe(true)
    expect(bundleIsCurrent(bundle, inputs, { base: dir, besides: ['pglite-worker.mjs'] })).toBe(false)
  })
})
