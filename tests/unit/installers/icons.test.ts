import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { WINDOW_ICON_FILE, windowIconPath } from '../../../electron/branding/window-icon'

/**
 * Foyer's own icon, not Electron's default: the builder config names one for
 * every OS, the committed PNGs are real PNGs of the sizes electron-builder and
 * Linux desktops need, the window icon reaches the packaged app, and the SVG
 * they are rendered from is inert (no script, nothing fetched).
 */
const root = join(import.meta.dirname, '..', '..', '..')
const text = (path: string) => readFileSync(join(root, path), 'utf8')
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML, checked field by field below
const builder = parse(text('electron-builder.yml')) as Record<string, any>
const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512]
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

interface PngHeader {
  width: number
  height: number
  bitDepth: number
  colourType: number
}

/** The PNG signature and the IHDR chunk, which the format requires first. */
function pngHeader(path: string): PngHeader {
  const bytes = readFileSync(join(root, path))
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), `${path} has the PNG signature`).toBe(true)
  expect(bytes.readUInt32BE(8), `${path} IHDR length`).toBe(13)
  expect(bytes.toString('latin1', 12, 16), `${path} first chunk`).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bitDepth: bytes[24]!, colourType: bytes[25]! }
}

describe('the application icon', () => {
  it('is named for Windows and macOS as the 1024 px PNG, which electron-builder converts to .ico and .icns', () => {
    expect(builder.win.icon).toBe('resources/icon.png')
    expect(builder.mac.icon).toBe('resources/icon.png')
    // electron-builder refuses a PNG under 256 px for .ico and under 512 px for .icns.
    expect(pngHeader('resources/icon.png')).toEqual({ width: 1024, height: 1024, bitDepth: 8, colourType: 6 })
  })

  it('is named for Linux as a folder holding every desktop size, each a PNG of the size its name says', () => {
    expect(builder.linux.icon).toBe('resources/icons')
    const files = readdirSync(join(root, 'resources/icons')).sort((a, b) => parseInt(a) - parseInt(b))
    expect(files).toEqual(LINUX_SIZES.map((size) => `${size}x${size}.png`))
    for (const size of LINUX_SIZES) {
      // Colour type 6 is RGBA: the rounded corners stay transparent on any panel.
      expect(pngHeader(`resources/icons/${size}x${size}.png`), `${size}`).toEqual({ width: size, height: size, bitDepth: 8, colourType: 6 })
    }
  })

  it('keeps the build resources folder where the icons are', () => {
    expect(builder.directories.buildResources).toBe('resources')
  })

  it('ships the Linux window icon outside the asar, where the window code looks for it', () => {
    expect(builder.extraResources).toEqual([{ from: `resources/${WINDOW_ICON_FILE}`, to: WINDOW_ICON_FILE }])
    expect((builder.files as string[]).some((pattern) => pattern.includes('icon'))).toBe(false)
    expect(windowIconPath({ platform: 'linux', packaged: true, resourcesPath: '/opt/Foyer/resources' })).toBe(`/opt/Foyer/resources/${WINDOW_ICON_FILE}`)
    const unpackaged = windowIconPath({ platform: 'linux', packaged: false, resourcesPath: '/ignored' })
    expect(unpackaged).toBe(join(root, 'resources', WINDOW_ICON_FILE))
    expect(statSync(unpackaged!).isFile()).toBe(true)
    for (const platform of ['win32', 'darwin'] as const) {
      expect(windowIconPath({ platform, packaged: true, resourcesPath: '/x' }), platform).toBeUndefined()
    }
  })

  it('is rendered from an inert SVG: flat shapes, no script, no text, nothing fetched', () => {
    const svg = text('resources/icon.svg')
    expect(svg.trimStart()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1024 1024"/)
    expect(svg).not.toMatch(/<script|<foreignObject|<image|<use|<text|<style|<iframe|<a[\s>]|<!ENTITY|<!DOCTYPE/i)
    expect(svg).not.toMatch(/\son[a-z]+\s*=|javascript:|@import|@font-face|font-family|(?:xlink:)?href\s*=/i)
    // url() only to the file's own definitions (the tile's clip path).
    for (const [, target] of svg.matchAll(/url\(([^)]*)\)/g)) expect(target).toMatch(/^#[\w-]+$/)
    // The only URL in the file is the SVG namespace.
    expect([...svg.matchAll(/[a-z]+:\/\/[^\s"')]+/gi)].map((m) => m[0])).toEqual(['http://www.w3.org/2000/svg'])
  })

  it('is re-rendered by `npm run icon`', () => {
    const pkg = JSON.parse(text('package.json')) as { scripts: Record<string, string> }
    expect(pkg.scripts.icon).toBe('node scripts/render-icon.mjs')
    expect(existsSync(join(root, 'scripts/render-icon.mjs'))).toBe(true)
  })
})
