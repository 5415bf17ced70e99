import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvalidSecretError, MAX_SECRET_LENGTH, MAX_STORED_LENGTH, type CredentialRef } from '../../../electron/vault/credential-vault'
import { KeytarVault } from '../../../electron/vault/keytar-vault'
import { keychainUnavailableReason, onCi } from '../../support/keychain'

/**
 * KeytarVault against the real OS keychain (gnome-keyring in CI, through
 * scripts/with-keyring.sh). Every entry lives under a tenant unique to this
 * run and is removed afterwards, so a developer's keychain is left as found.
 */

const vault = new KeytarVault()
const unavailable = await keychainUnavailableReason(vault)
const mustRun = onCi()
const skip = unavailable !== null && !mustRun
if (skip) console.warn(`Keychain tests skipped: ${unavailable}`)

const run = `vitest-${process.pid}-${randomBytes(4).toString('hex')}`
const refs = {
  staging: { backend: 'staging', tenant: run } satisfies CredentialRef,
  production: { backend: 'production', tenant: run } satisfies CredentialRef,
  otherTenant: { backend: 'staging', tenant: `${run}-b` } satisfies CredentialRef,
}

describe.skipIf(skip)(`KeytarVault on the real keychain${skip ? ` (skipped: ${unavailable})` : ''}`, () => {
  beforeAll(() => {
    if (unavailable !== null) throw new Error(`CI must prove the keychain works, but ${unavailable}`)
  })

  afterAll(async () => {
    if (unavailable !== null) return
    for (const ref of Object.values(refs)) await vault.remove(ref)
  })

  it('stores, reports, reads, overwrites and removes a secret', async () => {
    const ref = refs.staging
    expect(await vault.has(ref)).toBe(false)
    expect(await vault.read(ref)).toBeNull()

    await vault.store(ref, 'first-secret')
    expect(await vault.has(ref)).toBe(true)
    expect(await vault.read(ref)).toBe('first-secret')

    await vault.store(ref, 'second-secret')
    expect(await vault.read(ref)).toBe('second-secret')

    await vault.remove(ref)
    expect(await vault.has(ref)).toBe(false)
    expect(await vault.read(ref)).toBeNull()
  })

  it('removing a secret that is not there is not an error', async () => {
    await expect(vault.remove(refs.staging)).resolves.toBeUndefined()
  })

  it('keeps backends and tenants apart', async () => {
    await vault.store(refs.staging, 'staging-secret')
    await vault.store(refs.production, 'production-secret')
    await vault.store(refs.otherTenant, 'other-tenant-secret')

    expect(await vault.read(refs.staging)).toBe('staging-secret')
    expect(await vault.read(refs.production)).toBe('production-secret')
    expect(await vault.read(refs.otherTenant)).toBe('other-tenant-secret')

    await vault.remove(refs.production)
    expect(await vault.read(refs.production)).toBeNull()
    expect(await vault.read(refs.staging)).toBe('staging-secret')
    expect(await vault.read(refs.otherTenant)).toBe('other-tenant-secret')
  })

  it('round-trips a secret of the largest allowed size with non-ASCII characters intact', async () => {
    const secret = `é€😀${'x'.repeat(MAX_SECRET_LENGTH - 4)}`
    expect(secret).toHaveLength(MAX_SECRET_LENGTH)
    await vault.store(refs.otherTenant, secret)
    expect(await vault.read(refs.otherTenant)).toBe(secret)
  })

  it('a refused secret leaves the stored one untouched', async () => {
    await vault.store(refs.staging, 'kept-secret')
    await expect(vault.store(refs.staging, '')).rejects.toBeInstanceOf(InvalidSecretError)
    await expect(vault.store(refs.staging, 'y'.repeat(MAX_STORED_LENGTH + 1))).rejects.toBeInstanceOf(InvalidSecretError)
    expect(await vault.read(refs.staging)).toBe('kept-secret')
  })
})

describe.skipIf(process.platform !== 'linux')('KeytarVault when the keychain cannot be reached', () => {
  it('fails with VaultUnavailableError whose message, text and stack never contain the secret', () => {
    // A child process with a session bus address that leads nowhere: the real keytar and
    // libsecret fail for real, which is the only honest way to see what such an error carries.
    const secret = `s3cret-${randomBytes(8).toString('hex')}`
    const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./store-without-bus.ts', import.meta.url))], {
      encoding: 'utf8',
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/foyer-no-bus', DISPLAY: '', FOYER_TEST_SECRET: secret },
      timeout: 30_000,
    })
    expect(child.status, child.stderr).toBe(0)
    const report = JSON.parse(child.stdout) as { name: string; message: string; text: string }
    expect(report.name).toBe('VaultUnavailableError')
    expect(report.message).toMatch(/^The system keychain \(Secret Service\) is not available: could not store the credential for production\//)
    expect(report.text).not.toContain(secret)
    expect(child.stdout + child.stderr).not.toContain(secret)
  })
})
