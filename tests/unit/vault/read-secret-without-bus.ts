import { FoyerError } from '../../../electron/ipc-core/foyer-error'
import { vendorConnection } from '../../../electron/services/backend-connection'
import { DEFAULT_SETTINGS, type Settings } from '../../../electron/settings/settings-file'
import { KeytarVault } from '../../../electron/vault/keytar-vault'

/**
 * Run by keychain-unavailable.test.ts in a child process whose session bus
 * leads nowhere: asks a staging connection for its client secret, as a token
 * request does, and prints the reply the failure becomes (one line of JSON).
 */
const settings: Settings = {
  ...DEFAULT_SETTINGS,
  backends: {
    staging: { baseUrl: 'https://127.0.0.1:9/api', authUrl: 'https://127.0.0.1:9/auth', imageBaseUrl: 'https://127.0.0.1:9', tenant: 'no-bus-test', clientId: 'foyer-kiosk' },
    production: null,
  },
}
try {
  await vendorConnection('staging', { get: () => settings }, new KeytarVault()).secret()
  console.log(JSON.stringify({ unexpected: 'a secret was read' }))
} catch (error) {
  console.log(JSON.stringify(error instanceof FoyerError ? error.toReply() : { name: (error as Error).name }))
}
