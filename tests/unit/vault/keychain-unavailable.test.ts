import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { adminMessageKeys } from '../../../electron/services/admin-service'
import { messages } from '../../../renderer/src/i18n/messages'

describe.skipIf(process.platform !== 'linux')('a vendor backend whose client secret sits in a keychain that cannot be reached', () => {
  it('says so in words (a typed, retryable error), not "no ticketing service is connected"', () => {
    // A child process whose session bus leads nowhere: the real keytar and libsecret fail for real.
    const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./read-secret-without-bus.ts', import.meta.url))], {
      encoding: 'utf8',
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/foyer-no-bus', DISPLAY: '' },
      timeout: 30_000,
    })
    expect(child.status, child.stderr).toBe(0)
    expect(JSON.parse(child.stdout)).toMatchObject({ code: 'credentials.keychain-unavailable', messageKey: 'errors.settings.keychainUnavailable', retryable: true })
    expect(adminMessageKeys).toContain('errors.settings.keychainUnavailable')
    expect(messages['en-SG'].errors.settings.keychainUnavailable).toMatch(/keychain cannot be reached/)
  })
})
