import { describe, expect, it } from 'vitest'
import { keychainExpected } from '../../support/keychain'

/**
 * The one rule the keychain tests (unit and E2E) go by: where a keychain must
 * answer, they assert it does; elsewhere they assert it is said to be missing.
 */
describe('where a keychain is expected', () => {
  it('always on CI, which must prove the keychain works', () => {
    expect(keychainExpected({ CI: 'true' }, 'linux')).toBe(true)
    expect(keychainExpected({ CI: '1' }, 'linux')).toBe(true)
  })

  it('on a Linux desktop only with a session bus to find the Secret Service on', () => {
    expect(keychainExpected({}, 'linux')).toBe(false)
    expect(keychainExpected({ CI: 'false' }, 'linux')).toBe(false)
    expect(keychainExpected({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus' }, 'linux')).toBe(true)
  })

  it('on macOS and Windows, whose keychains need no setup', () => {
    expect(keychainExpected({}, 'darwin')).toBe(true)
    expect(keychainExpected({}, 'win32')).toBe(true)
  })
})
