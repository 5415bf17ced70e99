import { expect } from 'vitest'
import { SettingsError, type BackendConfig, type SettingsFile, type SettingsPatch } from '../../electron/settings/settings-file'

/** A vendor production backend as staff would configure it: one the settings accept. */
export const vendorProduction: BackendConfig = {
  baseUrl: 'https://api.vendor.example/sales/v1',
  authUrl: 'https://auth.vendor.example/oauth/token',
  imageBaseUrl: 'https://img.vendor.example/',
  tenant: 'acme-theatres',
  clientId: 'foyer-kiosk-01',
}

/** The SettingsError an update is refused with (fails the test if it is not refused, or not with one). */
export async function refusal(store: SettingsFile, patch: unknown): Promise<SettingsError> {
  const error = await store.update(patch as SettingsPatch).then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SettingsError)
  return error as SettingsError
}
