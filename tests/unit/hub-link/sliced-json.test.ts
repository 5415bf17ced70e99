import { describe, expect, it } from 'vitest'
import { slicedJson } from '../../../electron/hub-link/sliced-json'

/** The support file is written a slice at a time (electron/hub-link/sliced-json.ts): it must be JSON.stringify's very text. */
describe('JSON written a slice at a time', () => {
  it.each([
    ['a scalar', 'text with "quotes" and \u0000'],
    ['nothing', undefined],
    ['a small object, its undefined fields left out as JSON.stringify does', { a: 1, b: undefined, c: [undefined, () => 1, null], d: new Date('2026-12-01T10:00:00Z') }],
    [
      'a support file with long arrays inside short ones',
      {
        kind: 'foyer-support',
        settings: { languages: ['en-SG'], staging: null, skipped: undefined },
        journal: Array.from({ length: 700 }, (_, i) => ({ saleId: `sale-${i}`, detail: i % 2 ? null : { note: 'ü', at: new Date(i) } })),
        logs: [
          { file: 'foyer.1.log', lines: Array.from({ length: 1234 }, (_, i) => (i % 3 ? { level: 30, msg: `line ${i}`, gone: undefined } : `not json ${i}`)) },
          { file: 'foyer.2.log', lines: [] },
        ],
      },
    ],
  ])('writes %s as JSON.stringify does', async (_what, value) => {
    expect(await slicedJson(value)).toBe(JSON.stringify(value))
  })
})
