#!/usr/bin/env node
// `npm start`: build and run Foyer in Electron. Electron fetches its binary on
// first use; where that cannot happen (no internet) say so in one line and
// point to the browser host instead of letting a download stack trace through.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** Resolves the Electron executable in a child process, so its download chatter stays out of sight. */
function electronBinary() {
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    cwd: process.cwd(),
    encoding: 'utf8',
    timeout: 120_000,
  })
  const path = probe.status === 0 ? probe.stdout.trim() : ''
  return path && existsSync(path) ? path : null
}

const binary = electronBinary()
if (!binary) {
  console.error(
    'Foyer: the Electron binary is not installed and could not be fetched on this machine; run `npm run start:web` to use Foyer in a browser instead.',
  )
  process.exit(1)
}

const cli = require.resolve('electron-vite/bin/electron-vite.js')
const child = spawn(process.execPath, [cli, 'preview', ...process.argv.slice(2)], { stdio: 'inherit' })
child.on('exit', (code) => process.exit(code ?? 1))
