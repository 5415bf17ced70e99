#!/usr/bin/env node
// Bundles Foyer Hub's command line (hub/cli/foyer-hub.ts) into plain JavaScript, out/hub/foyer-hub.mjs, which
// bin/foyer-hub.mjs runs when it is current. From the TypeScript through tsx, every start of the hub spent
// about 2 CPU-s loading its sources; the bundle loads in under one. That is each `foyer-hub migrate`, `check`
// or `backup` a venue's scripts run, each restart of the service, and the forty-odd hubs a test run starts.
// Packages stay in node_modules (as the browser host's bundle keeps them); only the hub's own sources are
// bundled. Written to a temporary name and renamed, so a hub starting meanwhile reads the old file or the
// new one, never half of one. `node scripts/build-hub.mjs --if-stale` builds only when a source is newer.
import { build } from 'esbuild'
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { hubBundle, hubBundleInputs, hubBundleIsCurrent, hubWorkerBundle } from '../bin/hub-bundle.mjs'

const root = resolve(import.meta.dirname, '..')

/** Builds out/hub/foyer-hub.mjs and out/hub/pglite-worker.mjs (and their source maps) from the hub's sources. */
export async function buildHub() {
  const result = await build({
    absWorkingDir: root,
    // The hub, and its PGlite thread's code (hub/storage/pglite-worker.ts), which a worker loads from a file of its own:
    // out/hub/pglite-worker.mjs, beside the hub's bundle, where hub/storage/pglite-thread.ts looks for it.
    entryPoints: { [basename(hubBundle, '.mjs')]: 'hub/cli/foyer-hub.ts', [basename(hubWorkerBundle, '.mjs')]: 'hub/storage/pglite-worker.ts' },
    outdir: dirname(hubBundle),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // What a command loads only when it runs (the server, for serve) is a chunk of its own, with its packages:
    // in one file, every package any command uses was imported at every start (hub/cli/serve.ts).
    splitting: true,
    // Beside the bundle, as its PGlite thread's file is: the code that finds that file may sit in a chunk.
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: 'linked',
    write: false,
    metafile: true,
    logLevel: 'warning',
  })
  mkdirSync(dirname(hubBundle), { recursive: true })
  // The sources it was built from (not node_modules: packages stay outside) are read by hubBundleIsCurrent.
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('node_modules/'))
  const files = [...result.outputFiles.map((file) => [file.path, file.contents]), [hubBundleInputs, JSON.stringify(inputs)]]
  // The hub's bundle last: once it is in place, its worker's, their maps and their list of sources are too.
  for (const [path, contents] of files.sort(([a]) => (a === hubBundle ? 1 : -1))) {
    const temporary = `${path}.${process.pid}.tmp`
    writeFileSync(temporary, contents)
    renameSync(temporary, path)
  }
  // Chunks of earlier builds (any module there this build did not write): named by their content, so this
  // build's bundle never imports one; a hub already serving loaded its own at its start.
  const written = new Set(files.map(([path]) => basename(path)))
  for (const name of readdirSync(dirname(hubBundle))) {
    if (/\.mjs(\.map)?$/.test(name) && !written.has(name)) rmSync(join(dirname(hubBundle), name))
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!(process.argv.includes('--if-stale') && hubBundleIsCurrent())) await buildHub()
}
