import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

describe('npm start without an Electron binary', () => {
  it('says so in one line, names start:web, and exits non-zero without a stack trace', () => {
    // Point Electron at an empty folder: the binary is missing, as on a machine that could not fetch it.
    const empty = mkdtempSync(join(tmpdir(), 'no-electron-'))
    const run = spawnSync(process.execPath, ['scripts/start-electron.mjs'], {
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty },
    })
    expect(run.status).toBe(1)
    const lines = (run.stdout + run.stderr).trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('npm run start:web')
    expect(lines[0]).not.toMatch(/\bat .*:\d+:\d+/)
  })
})
