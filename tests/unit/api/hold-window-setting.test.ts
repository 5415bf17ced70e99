import { describe, expect, it } from 'vitest'
import { VendorClock } from '../../../electron/api/vendor-clock'
import { HoldExpiry } from '../../../electron/holds/hold-expiry'
import { vendorConnection } from '../../../electron/services/backend-connection'
import { DEFAULT_SETTINGS, type Settings } from '../../../electron/settings/settings-schema'
import { refusingVault } from '../../support/staffed-runtime'

/**
 * The hold window setting (the vendor's hold, as far as Foyer knows it, for a hold the vendor gave no
 * expiry for) is read when a hold is reckoned, not once when the vendor connection was made: staff's
 * change, or the box office hub's profile, applies to the next hold without a restart (issue #26).
 */
const staging = { baseUrl: 'https://vendor.example/api/v0/venue', authUrl: 'https://vendor.example/auth/v0/venue/oauth/token', imageBaseUrl: 'https://vendor.example', tenant: 'venue', clientId: 'foyer-kiosk' }

describe('the hold window setting', () => {
  it('a vendor connection reckons the next hold by the window saved now, not the one saved when it connected', () => {
    let saved: Settings = { ...DEFAULT_SETTINGS, backend: 'staging', holdWindowMinutes: 10, backends: { staging, production: null } }
    const connection = vendorConnection('staging', { get: () => saved }, refusingVault)
    const vendorNow = 1_800_000_000_000
    const expiry = new HoldExpiry(new VendorClock(() => vendorNow), connection.holdWindowMs)
    expect(expiry.reckoned(vendorNow).expiresAt).toBe(vendorNow + 10 * 60_000)
    // Saved through the one settings store, as a supervisor's change or the hub's profile is: the connection is kept.
    saved = { ...saved, holdWindowMinutes: 20 }
    expect(expiry.reckoned(vendorNow).expiresAt).toBe(vendorNow + 20 * 60_000)
  })
})
