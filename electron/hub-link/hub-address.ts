import { normaliseFingerprint } from '../../hub/protocol'

/**
 * What staff give to connect a device: the hub's address, the one-time code and the certificate's
 * fingerprint, typed from the hub's dashboard, or its QR's text pasted whole
 * (`foyer-hub:?url=…&code=…&fingerprint=…`). Read here into one shape, or refused by field.
 */
export interface HubConnectRequest {
  url: string
  code: string
  fingerprint: string
}

export type HubAddressProblem = 'address' | 'code' | 'fingerprint'

export class HubAddressRefused extends Error {
  override readonly name = 'HubAddressRefused'
  constructor(readonly field: HubAddressProblem) {
    super(`the hub's ${field} cannot be read`)
  }
}

/** The hub's address as https://host[:port], nothing after: the protocol's paths are added to it. */
export function hubOrigin(address: string): string {
  let url: URL
  try {
    url = new URL(address.trim())
  } catch {
    throw new HubAddressRefused('address')
  }
  if (url.protocol !== 'https:' || url.username || url.password || (url.pathname !== '/' && url.pathname !== '')) throw new HubAddressRefused('address')
  return url.origin
}

/** The fields from the QR's text when `address` is one, else as typed. */
export function readHubConnect(given: { address: string; code?: string; fingerprint?: string }): HubConnectRequest {
  let { address, code = '', fingerprint = '' } = given
  const trimmed = address.trim()
  if (trimmed.startsWith('foyer-hub:')) {
    const params = new URLSearchParams(trimmed.slice(trimmed.indexOf('?') + 1))
    address = params.get('url') ?? ''
    code = params.get('code') ?? code
    fingerprint = params.get('fingerprint') ?? fingerprint
  }
  const url = hubOrigin(address)
  if (!/^[A-Za-z0-9 -]{4,64}$/.test(code.trim())) throw new HubAddressRefused('code')
  let pinned: string
  try {
    pinned = normaliseFingerprint(fingerprint.trim().replace(/\s/g, ''))
  } catch {
    throw new HubAddressRefused('fingerprint')
  }
  return { url, code: code.trim(), fingerprint: pinned }
}
