import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * The systemd unit shipped in deploy/systemd/ (docs/hub-install.md), checked by `systemd-analyze verify`
 * as systemd itself would read it. verify also checks that ExecStart's program exists and is executable, so
 * it runs on a copy whose paths point into this clone (the launcher, the example env file) instead of
 * /opt/foyer-hub and /etc/foyer-hub. verify says a misspelt key or a bad value on stderr yet exits 0: a
 * unit is clean only when it exits 0 and says nothing, and two broken copies show that this check fails.
 */
const ANALYZE = '/usr/bin/systemd-analyze'
const root = resolve(import.meta.dirname, '../..')
const shipped = readFileSync(join(root, 'deploy/systemd/foyer-hub.service'), 'utf8')
const dir = mkdtempSync(join(tmpdir(), 'foyer-hub-unit-'))

/** The shipped unit with its installed paths pointed at this clone. */
const here = (unit: string) =>
  unit
    .replace('/opt/foyer-hub/bin/foyer-hub.mjs', join(root, 'bin/foyer-hub.mjs'))
    .replace('WorkingDirectory=/opt/foyer-hub', `WorkingDirectory=${root}`)
    .replace('EnvironmentFile=/etc/foyer-hub/foyer-hub.env', `EnvironmentFile=${join(root, 'deploy/systemd/foyer-hub.env')}`)

function analyze(args: string[], unit: string): { status: number | null; said: string } {
  const file = join(dir, 'foyer-hub.service')
  writeFileSync(file, unit)
  const run = spawnSync(ANALYZE, [...args, file], { encoding: 'utf8' })
  return { status: run.status, said: `${run.stdout}${run.stderr}`.trim() }
}

const verify = (unit: string) => analyze(['verify'], unit)
const clean = (result: { status: number | null; said: string }) => result.status === 0 && result.said === ''

/** `systemd-analyze security --offline` scores the unit's exposure (0 safest, 10 most exposed), where this systemd can. */
function exposure(): number | null {
  if (!existsSync(ANALYZE)) return null
  const scored = analyze(['security', '--offline=yes'], here(shipped))
  const score = /Overall exposure level for foyer-hub\.service: ([\d.]+)/.exec(scored.said)?.[1]
  return score === undefined ? null : Number(score)
}
const score = exposure()

describe('the systemd unit (deploy/systemd/foyer-hub.service)', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('passes systemd-analyze verify, saying nothing', () => {
    expect(existsSync(ANALYZE), `${ANALYZE} is on the machines the tests run on (issue #36)`).toBe(true)
    expect(statSync(join(root, 'bin/foyer-hub.mjs')).mode & 0o111).not.toBe(0)
    expect(verify(here(shipped))).toEqual({ status: 0, said: '' })
  })

  it('fails verify when broken: a launcher that is not there, a misspelt key, a value systemd cannot read', () => {
    const missing = verify(here(shipped).replace(join(root, 'bin/foyer-hub.mjs'), join(root, 'bin/no-such-launcher.mjs')))
    expect(missing.status).not.toBe(0)
    expect(missing.said).toContain('is not executable')
    const misspelt = verify(here(shipped).replace('ProtectSystem=strict', 'ProtectSytem=strict'))
    expect(misspelt.said).toContain("Unknown key 'ProtectSytem'")
    expect(clean(misspelt)).toBe(false)
    const unreadable = verify(here(shipped).replace('ProtectSystem=strict', 'ProtectSystem=stric'))
    expect(clean(unreadable)).toBe(false)
  })

  it('runs `foyer-hub serve` on its state folder, hardened, restarted on failure, its settings from the environment file', () => {
    const settings = shipped.split('\n').filter((line) => /^\w+=/.test(line))
    expect(settings).toEqual(
      expect.arrayContaining([
        'ExecStart=/opt/foyer-hub/bin/foyer-hub.mjs serve --data ${STATE_DIRECTORY}',
        'StateDirectory=foyer-hub',
        'EnvironmentFile=/etc/foyer-hub/foyer-hub.env',
        'User=foyer-hub',
        'ProtectSystem=strict',
        'ProtectHome=yes',
        'PrivateTmp=yes',
        'NoNewPrivileges=yes',
        'CapabilityBoundingSet=',
        'RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX',
        'Restart=on-failure',
      ]),
    )
    // What the environment file sets are the hub's own settings, each one serve or check reads.
    const example = readFileSync(join(root, 'deploy/systemd/foyer-hub.env'), 'utf8')
    const names = [...example.matchAll(/^#?(FOYER_HUB_\w+)=/gm)].map((m) => m[1])
    expect(names).toEqual(expect.arrayContaining(['FOYER_HUB_DATABASE_URL', 'FOYER_HUB_TLS_CERT', 'FOYER_HUB_TLS_KEY', 'FOYER_HUB_LOG_FILE']))
    // The backup schedule's are read by its own zod schema, a key each.
    const read = ['hub/cli/serve.ts', 'hub/cli/settings.ts', 'hub/server/backups/backup-settings.ts'].map((file) => readFileSync(join(root, file), 'utf8')).join('')
    for (const name of names) expect(read, `${name} is read by the hub`).toMatch(new RegExp(`'${name}'|^\\s+${name}: z\\.`, 'm'))
  })

  it.skipIf(score === null)(`is scored by systemd-analyze security --offline: exposure ${score ?? 'not scored here'} (0 safest, 10 most exposed)`, () => {
    // Not a time: a removed hardening line moves the score up past what the shipped unit has.
    expect(score).toBeLessThan(2.5)
  })
})
