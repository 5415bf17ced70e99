import { z } from 'zod'

/**
 * A vendor backend's address (its API, its sign-in, its images), the one rule for it: the device's
 * settings schema (electron/settings/settings-schema.ts) and a profile's backends
 * (profile-setting-shapes.ts) both parse with it, so the dashboard offers exactly what a device takes.
 * https only, because staging and production carry real credentials and customer data. No
 * user:password@ part (that would be a secret in the settings file and in the profile) and no query
 * or fragment (paths are appended to these bases, and a query is another place a token could hide).
 */
export const VendorAddress = z
  .string()
  .max(2048)
  .refine(
    (value) => {
      if (!URL.canParse(value)) return false
      const url = new URL(value)
      return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password && !url.search && !url.hash
    },
    { error: 'must be an https URL without credentials, query or fragment' },
  )
