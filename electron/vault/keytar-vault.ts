import {
  MAX_STORED_LENGTH,
  VAULT_SERVICE,
  VaultUnavailableError,
  accountName,
  assertStorableSecret,
  type CredentialRef,
  type CredentialVault,
} from './credential-vault'

/** The part of keytar this vault uses. */
interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

/** Names the keychain the way the person reading the error knows it. */
function keychainName(): string {
  switch (process.platform) {
    case 'darwin':
      return 'macOS Keychain'
    case 'win32':
      return 'Windows Credential Manager'
    default:
      return 'Secret Service'
  }
}

function unavailable(doing: string, cause: unknown): VaultUnavailableError {
  return new VaultUnavailableError(`The system keychain (${keychainName()}) is not available: ${doing}`, { cause })
}

/**
 * keytar's errors come from the platform keychain and are not expected to
 * echo the secret, but `cause` travels wherever the error is logged, so a
 * cause that does mention the secret is replaced rather than trusted.
 */
function withoutSecret(cause: unknown, secret: string): unknown {
  const text = cause instanceof Error ? `${cause.message}\n${cause.stack ?? ''}` : String(cause)
  return text.includes(secret) ? new Error('keychain error withheld because it contained the secret') : cause
}

/**
 * keytar is a native module linked against the platform keychain library
 * (libsecret on Linux). It is imported on first use, not at module load, so a
 * machine without libsecret can still start Foyer and run the sandbox; it
 * gets a VaultUnavailableError only when it actually needs a credential.
 */
async function importKeytar(): Promise<Keytar> {
  const mod = (await import('keytar')) as Keytar & { default?: Keytar }
  // Under Node's ESM loader keytar (CommonJS) arrives as `default`; bundlers may hand over the exports directly.
  return mod.default ?? mod
}

/** CredentialVault over the OS keychain through keytar, service "Foyer", account `<backend>/<tenant>`. */
export class KeytarVault implements CredentialVault {
  private keytar: Promise<Keytar> | null = null

  async store(ref: CredentialRef, secret: string): Promise<void> {
    const account = accountName(ref)
    // The entry may carry the origins the secret is bound to besides it; the secret itself was checked against MAX_SECRET_LENGTH.
    assertStorableSecret(secret, MAX_STORED_LENGTH)
    const keytar = await this.load()
    try {
      await keytar.setPassword(VAULT_SERVICE, account, secret)
    } catch (error) {
      throw unavailable(`could not store the credential for ${account}`, withoutSecret(error, secret))
    }
  }

  async has(ref: CredentialRef): Promise<boolean> {
    return (await this.read(ref)) !== null
  }

  async read(ref: CredentialRef): Promise<string | null> {
    const account = accountName(ref)
    const keytar = await this.load()
    try {
      return await keytar.getPassword(VAULT_SERVICE, account)
    } catch (error) {
      throw unavailable(`could not read the credential for ${account}`, error)
    }
  }

  async remove(ref: CredentialRef): Promise<void> {
    const account = accountName(ref)
    const keytar = await this.load()
    try {
      // false means there was nothing to delete, which is the state the caller wants.
      await keytar.deletePassword(VAULT_SERVICE, account)
    } catch (error) {
      throw unavailable(`could not remove the credential for ${account}`, error)
    }
  }

  /** Loads keytar once; a failed load is not remembered, so installing libsecret later just works. */
  private async load(): Promise<Keytar> {
    this.keytar ??= importKeytar()
    try {
      return await this.keytar
    } catch (error) {
      this.keytar = null
      throw unavailable('the keychain library (keytar/libsecret) could not be loaded', error)
    }
  }
}
