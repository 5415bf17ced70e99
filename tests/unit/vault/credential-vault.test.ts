import { describe, expect, it } from 'vitest'
import {
  InvalidCredentialRefError,
  InvalidSecretError,
  MAX_SECRET_LENGTH,
  MAX_STORED_LENGTH,
  VaultUnavailableError,
  accountName,
  assertStorableSecret,
  type CredentialRef,
} from '../../../electron/vault/credential-vault'
import { KeytarVault } from '../../../electron/vault/keytar-vault'

/** The port's rules, which need no keychain: they are checked before one is touched. */

describe('accountName', () => {
  it('is <backend>/<tenant>, or terminal/<installation> for a terminal passphrase', () => {
    expect(accountName({ backend: 'production', tenant: 'acme-theatres' })).toBe('production/acme-theatres')
    expect(accountName({ backend: 'sandbox', tenant: 'A.b_c-9' })).toBe('sandbox/A.b_c-9')
    expect(accountName({ backend: 'staging', tenant: 'x'.repeat(64) })).toBe(`staging/${'x'.repeat(64)}`)
    // A terminal's passphrase is filed under the installation it belongs to: `terminal` is no backend, so no clash.
    expect(accountName({ terminalOf: 'FOYER-7K2M9QXD' })).toBe('terminal/FOYER-7K2M9QXD')
    // The hub's device token, under the device id the hub gave: `hub` is no backend either.
    expect(accountName({ hubDevice: '0f8b6c1e-3d2a-4c5b-9e7f-1a2b3c4d5e6f' })).toBe('hub/0f8b6c1e-3d2a-4c5b-9e7f-1a2b3c4d5e6f')
    expect(() => accountName({ hubDevice: '../production/acme' })).toThrow(InvalidCredentialRefError)
  })

  it.each([
    ['empty', ''],
    ['65 characters', 'x'.repeat(65)],
    ['a slash that could pose as another account', 'x/../production/acme'],
    ['a space', 'acme theatres'],
    ['non-ASCII letters', 'théâtre'],
    ['a newline', 'acme\n'],
    ['a NUL', 'acme\0'],
  ])('refuses a tenant with %s, without echoing it', (_case, tenant) => {
    const attempt = () => accountName({ backend: 'staging', tenant })
    expect(attempt).toThrow(InvalidCredentialRefError)
    expect(attempt).toThrow(/1 to 64 characters/)
    try {
      attempt()
    } catch (error) {
      if (tenant.length > 0) expect((error as Error).message).not.toContain(tenant)
    }
  })

  it('refuses values the types would not allow but untyped callers might send', () => {
    expect(() => accountName({ backend: 'prod', tenant: 'acme' } as unknown as CredentialRef)).toThrow(/backend must be one of/)
    for (const terminalOf of ['', 'a/b', 'FOYER-'.padEnd(21, 'X'), 'FOYER 1', 7]) {
      expect(() => accountName({ terminalOf } as unknown as CredentialRef)).toThrow(InvalidCredentialRefError)
    }
    expect(() => accountName({ backend: 'staging', tenant: 42 } as unknown as CredentialRef)).toThrow(InvalidCredentialRefError)
  })

  it('the vault refuses a bad ref before it reaches the keychain', async () => {
    await expect(new KeytarVault().read({ backend: 'staging', tenant: 'a/b' })).rejects.toBeInstanceOf(InvalidCredentialRefError)
  })
})

describe('secrets the vault will not store', () => {
  it.each([
    ['an empty secret', '', /empty/],
    // (The vault's own limit is a little higher: an entry carries the origins the secret is bound to.)
    ['a secret longer than an entry may be', 'k'.repeat(MAX_STORED_LENGTH + 1), /longer than \d+ characters/],
    ['a secret with a NUL, which native keychains would truncate', 'abc\0def', /NUL/],
  ])('refuses %s with a clear message that does not contain it', async (_case, secret, reason) => {
    expect(() => assertStorableSecret(secret)).toThrow(InvalidSecretError)
    expect(() => assertStorableSecret(secret)).toThrow(reason)
    // The vault checks before it loads keytar, so this holds with no keychain at all.
    const refusal = new KeytarVault().store({ backend: 'staging', tenant: 'acme' }, secret)
    await expect(refusal).rejects.toBeInstanceOf(InvalidSecretError)
    const message = await refusal.catch((error: Error) => error.message)
    if (secret.length > 0) expect(message).not.toContain(secret.slice(0, 3))
  })

  it('accepts exactly 4096 characters', () => {
    expect(() => assertStorableSecret('k'.repeat(MAX_SECRET_LENGTH))).not.toThrow()
  })
})

describe('VaultUnavailableError', () => {
  it('says plainly that the keychain is not available and keeps the cause', () => {
    const cause = new Error('dbus: no such name')
    const error = new VaultUnavailableError(undefined, { cause })
    expect(error.name).toBe('VaultUnavailableError')
    expect(error.message).toBe('The system keychain (Secret Service) is not available')
    expect(error.cause).toBe(cause)
  })
})
