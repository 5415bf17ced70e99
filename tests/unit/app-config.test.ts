import { describe, expect, it } from 'vitest'
import { readStartupConfig } from '../../electron/services/app-config'

describe('start-up configuration', () => {
  it('overrides nothing when the environment says nothing (settings decide)', () => {
    expect(readStartupConfig({})).toEqual({})
  })

  it('takes counter mode and a backend from the environment', () => {
    expect(readStartupConfig({ FOYER_MODE: 'counter', FOYER_BACKEND: 'staging' })).toEqual({
      mode: 'counter',
      backend: 'staging',
    })
  })

  it("takes the training sandbox's port, where its terminal's controls are reached", () => {
    expect(readStartupConfig({ FOYER_SANDBOX_PORT: '5443' })).toEqual({ sandboxPort: 5443 })
  })

  it('refuses a mistyped value instead of guessing', () => {
    expect(() => readStartupConfig({ FOYER_MODE: 'kisok' })).toThrow(/FOYER_MODE must be one of/)
    expect(() => readStartupConfig({ FOYER_BACKEND: 'prod' })).toThrow(/FOYER_BACKEND must be one of/)
    expect(() => readStartupConfig({ FOYER_SANDBOX_PORT: '70000' })).toThrow(/FOYER_SANDBOX_PORT must be a port number/)
  })
})
