import { boundTo, openBound, sealBound } from './bound-entry'
import type { CredentialVault } from './credential-vault'

/**
 * The device token the box office's hub gave this device at enrolment, kept in the OS keychain with
 * the hub it was given by: the hub's address and the certificate fingerprint pinned then. A token is
 * only ever sent to exactly that hub; one read back for any other (settings changed by hand, a
 * database copied from another machine) is never used. The entry holds `foyer-hub-device:v1:` and
 * JSON of the binding and the token, under the account `hub/<device id>`.
 */
export interface HubDeviceBinding {
  deviceId: string
  url: string
  fingerprint: string
}

const PREFIX = 'foyer-hub-device:v1:'

const bindingOf = (hub: HubDeviceBinding) => ({ url: hub.url, fingerprint: hub.fingerprint })

export function storeHubDeviceToken(vault: CredentialVault, hub: HubDeviceBinding, token: string): Promise<void> {
  return vault.store({ hubDevice: hub.deviceId }, sealBound(PREFIX, bindingOf(hub), 'token', token))
}

/** The token for exactly this hub, or null (none stored, or stored for another hub). Throws VaultUnavailableError when the keychain cannot be asked. */
export async function readHubDeviceToken(vault: CredentialVault, hub: HubDeviceBinding): Promise<string | null> {
  const stored = await vault.read({ hubDevice: hub.deviceId })
  if (stored === null) return null
  const opened = openBound(stored, PREFIX, 'token')
  if (typeof opened === 'string') return null
  return boundTo(opened.binding, bindingOf(hub)) ? opened.secret : null
}

export function removeHubDeviceToken(vault: CredentialVault, deviceId: string): Promise<void> {
  return vault.remove({ hubDevice: deviceId })
}
