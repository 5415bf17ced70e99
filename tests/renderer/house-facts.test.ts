import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SETTING_DEFAULTS, TRAINING_BOX_OFFICE_EMAIL } from '../../electron/contract'
import { DEFAULT_SETTINGS } from '../../electron/settings/settings-schema'

/**
 * Each fact both sides know is stated once, in the contract: main's first-run
 * settings are the defaults the staff screen shows, and no renderer file spells
 * the time zone, the cash code, the training address or the PIN rule its own way.
 */
const RENDERER = join(__dirname, '../../renderer/src')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.(ts|vue)$/.test(entry.name) ? [path] : []
  })
}

describe('facts in one place', () => {
  it("main's first-run settings are the contract's defaults", () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ ...SETTING_DEFAULTS, boxOfficeEmail: TRAINING_BOX_OFFICE_EMAIL })
  })

  it('no renderer file restates the time zone, the cash code, the training address or the PIN length', () => {
    const restated = sources(RENDERER).flatMap((path) => {
      const text = readFileSync(path, 'utf8')
      const found = [/Asia\/Singapore/, /'CASH'/, /foyer-training\.invalid/, /\\\.invalid\$/, /pin\.length\s*<\s*\d/].filter((fact) => fact.test(text))
      return found.map((fact) => `${path.slice(RENDERER.length + 1)}: ${fact.source}`)
    })
    expect(restated).toEqual([])
  })
})
