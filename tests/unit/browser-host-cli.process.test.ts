import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * `npm run start:web` on a fresh data folder, as a newcomer runs it: the first staff PIN takes the
 * one-time enrolment code the host wrote, so the host says where that file is, by its full path (the
 * log names no path: it scrubs them). Run from the sources, as start:web runs it.
 */
describe('the browser host started on a fresh data folder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-start-web-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('prints where the enrolment code is kept before its address, and never the code', async () => {
    const { FOYER_ENROLMENT_CODE: _unset, ...env } = process.env
    const child = spawn(process.execPath, ['--import', 'tsx', 'electron/browser-host/cli.ts', '--port', '0'], {
      env: { ...env, FOYER_DATA_DIR: dataDir, FOYER_MODE: 'self-service', FOYER_BACKEND: 'sandbox' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const lines: string[] = []
    try {
      await new Promise<void>((resolve, reject) => {
        createInterface({ input: child.stdout! }).on('line', (line) => {
          lines.push(line)
          if (/#token=/.test(line) && !line.includes('display=customer')) resolve()
        })
        child.once('exit', (code) => reject(new Error(`the host stopped (${code}): ${lines.join('\n')}`)))
      })
    } finally {
      child.kill('SIGTERM')
    }
    const file = join(dataDir, 'enrolment-code')
    const code = readFileSync(file, 'utf8').trim()
    expect(lines).toContain(`No staff PIN is set yet: under Staff, type the one-time enrolment code kept in ${file}`)
    expect(lines.join('\n')).not.toContain(code)
  }, 120_000)
})
