import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { PROFILE_SETTINGS, PROFILE_SETTING_SHAPES, type ProfileSettingName } from '../../../hub/protocol'
import { settingsPatchSchema } from '../../../electron/settings/settings-schema'

/**
 * The hub parses each profile setting by a shape of its own (hub/ may not import the device's
 * settings schema): those shapes must be the device's, or the dashboard would offer what every
 * device refuses, or refuse what a device takes. The kinds, ranges and patterns are compared whole
 * (as JSON Schema); the rules written as code (addresses, each language once) by the same values.
 */
const device = (name: ProfileSettingName) => settingsPatchSchema.shape[name].unwrap()

const SAMPLES: Partial<Record<ProfileSettingName, unknown[]>> = {
  backends: [
    { staging: { baseUrl: 'https://api.example', authUrl: 'https://auth.example/token', imageBaseUrl: 'https://img.example', tenant: 'venue', clientId: 'foyer' } },
    { production: { baseUrl: 'http://api.example', authUrl: 'https://auth.example', imageBaseUrl: 'https://img.example', tenant: 'venue', clientId: 'foyer' } },
    { production: { baseUrl: 'https://u:p@api.example', authUrl: 'https://auth.example', imageBaseUrl: 'https://img.example', tenant: 'venue', clientId: 'foyer' } },
    { staging: { baseUrl: 'https://api.example/?token=1', authUrl: 'https://auth.example', imageBaseUrl: 'https://img.example', tenant: 'venue', clientId: 'foyer' } },
    { staging: null },
    { staging: { baseUrl: 'https://api.example', authUrl: 'https://auth.example', imageBaseUrl: 'https://img.example', tenant: 'venue', clientId: 'foyer', clientSecret: 'x' } },
  ],
  updates: [{ feedUrl: 'https://updates.example/foyer/' }, { feedUrl: 'http://localhost:8080/' }, { feedUrl: 'http://updates.example/' }, { feedUrl: 'https://a:b@updates.example/' }, { feedUrl: null }, { checkEveryMinutes: 4 }],
  printer: [
    { kind: 'system' },
    { kind: 'ipp', address: 'printer.local', queue: 'printers/Lobby' },
    { kind: 'ipp', address: '10.0.0.5:8631', queue: 'ipp/print' },
    { kind: 'ipp', address: 'http://printer.local', queue: 'ipp/print' },
    { kind: 'ipp', address: 'printer.local', queue: '../admin' },
    { kind: 'raw', address: '[::1]:9100', language: 'escpos' },
    { kind: 'raw', address: 'printer.local:70000', language: 'fgl' },
    { kind: 'raw', address: ' printer.local', language: 'fgl' },
  ],
  languages: [['en-SG'], ['ms-MY', 'zh-HK', 'zh-CN', 'en-SG'], [], ['en-SG', 'en-SG'], ['fr-FR']],
  boxOfficeEmail: ['boxoffice@venue.example', 'not an address', 'a@b'],
}

describe('the profile settings the hub parses', () => {
  it('are settings a device takes from its staff screen, every one of them named once', () => {
    expect(Object.keys(PROFILE_SETTING_SHAPES).sort()).toEqual([...PROFILE_SETTINGS].sort())
    for (const name of PROFILE_SETTINGS) expect(Object.keys(settingsPatchSchema.shape)).toContain(name)
  })

  it.each(PROFILE_SETTINGS)('%s: the same kinds, ranges and patterns as the device’s settings schema', (name) => {
    expect(z.toJSONSchema(PROFILE_SETTING_SHAPES[name])).toEqual(z.toJSONSchema(device(name)))
  })

  it.each(Object.entries(SAMPLES))('%s: taken and refused alike, value by value', (name, values) => {
    const hub = PROFILE_SETTING_SHAPES[name as ProfileSettingName] as z.ZodType
    const verdicts = values.map((value) => [hub.safeParse(value).success, device(name as ProfileSettingName).safeParse(value).success])
    for (const [onHub, onDevice] of verdicts) expect(onHub).toBe(onDevice)
    // Each sample list holds values both take and values both refuse.
    expect(new Set(verdicts.map(([onHub]) => onHub))).toEqual(new Set([true, false]))
  })
})
