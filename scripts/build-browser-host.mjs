#!/usr/bin/env node
// Bundles the browser host (electron/browser-host/cli.ts) and the training sandbox's process
// (electron/sandbox/process/sandbox-child.ts) into plain JavaScript in out/browser-host/, for the
// E2E runs: an E2E run starts about fifteen hosts, each with its sandbox child, and loading the
// TypeScript sources through tsx cost each start seconds of CPU. Packages stay in node_modules
// (as electron-vite's main bundle keeps them); only Foyer's own sources are bundled. The child
// lands beside the host's bundle, where fork-launcher.ts looks for it when run from a bundle.
// The support file's logs worker (electron/logging/support-logs-worker.ts) lands beside them too, where
// support-logs.ts looks for it in a bundle. The sandbox's own command line (electron/sandbox/cli.ts, `npm run sandbox`) is bundled beside them for
// the tests that start it as a process (tests/support/built-sandbox.ts), which use it only while it is
// current: the sources it was built from are listed in inputs.json (read as bin/hub-bundle.mjs reads the hub's).
// Not in the installer (electron-builder.yml packs out/main, out/preload, out/renderer only).
import { build } from 'esbuild'
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')

const result = await build({
  absWorkingDir: root,
  entryPoints: { cli: 'electron/browser-host/cli.ts', 'sandbox-child': 'electron/sandbox/process/sandbox-child.ts', 'sandbox-cli': 'electron/sandbox/cli.ts', 'support-logs-worker': 'electron/logging/support-logs-worker.ts' },
  outdir: 'out/browser-host',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: { '@contract': './electron/contract' },
  // Two entries sharing modules (the sandbox) would otherwise each carry a copy; a shared chunk keeps one.
  splitting: true,
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
})
// Written after the bundles, so they are never newer than their list: a source changed since makes them stale.
const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('node_modules/'))
writeFileSync(resolve(root, 'out/browser-host/inputs.json'), JSON.stringify(inputs))
