import { existsSync, readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The spool printer drives Chromium through playwright-core, a development
 * package that is not in the installed app: nothing Electron's main process
 * loads may reach it. Walks main's static imports from its entry, as the
 * bundler does; dynamic imports are left out, as they are loaded only when run.
 */
const root = resolve(import.meta.dirname, '../../..')
const importPattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g

function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  return [...source.matchAll(importPattern)].map((m) => (m[1] ?? m[2])!)
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@contract') ? resolve(root, 'electron/contract', specifier.slice('@contract'.length).replace(/^\//, '') || 'index') : resolve(dirname(from), specifier)
  for (const candidate of [base, `${base}.ts`, resolve(base, 'index.ts')]) if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate
  return null
}

/** Every module main's entry reaches, and every package it names. */
function reach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>()
  const packages = new Set<string>()
  const pending = [entry]
  while (pending.length > 0) {
    const file = pending.pop()!
    if (files.has(file)) continue
    files.add(file)
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.') || specifier.startsWith('@contract')) {
        const next = resolveLocal(file, specifier)
        if (next) pending.push(next)
      } else {
        packages.add(specifier)
      }
    }
  }
  return { files, packages }
}

describe("Electron main's imports", () => {
  it('reach neither the spool printer nor playwright', () => {
    const { files, packages } = reach(resolve(root, 'electron/main/index.ts'))
    expect(files.size).toBeGreaterThan(10)
    expect([...files].map((f) => relative(root, f))).not.toContain('electron/printing/spool-printer.ts')
    expect([...packages].filter((p) => p.includes('playwright'))).toEqual([])
  })

  it('the walk does find the spool printer from a module that imports it', () => {
    const { packages } = reach(resolve(root, 'electron/printing/spool-printer.ts'))
    expect(packages).toContain('playwright-core')
  })
})
