import { BitmapFont, Texture } from 'pixi.js'
import { SeatKind } from '@contract/seat-pairs'
import type { SeatState } from './model'

/**
 * How the seat map looks: colours and tints per state, the bitmap font of its
 * labels, and the small textures seats and their marks are drawn with (made
 * once on a canvas, so the map needs no image files).
 */
export const FONT = 'foyer-seatmap'
export const LABEL_FONT_PX = 14

export const COLOURS = {
  background: 0x15171c,
  available: 0xe4eaf2,
  unavailable: 0x454851,
  offeredA: 0xffb300,
  offeredB: 0x00c8e0,
  chosen: 0x2fbf57,
  label: 0xffffff,
  labelDark: 0x111111,
  limited: 0xffb300,
  singleSeat: 0xff4fa3,
  outline: 0x0b0c0f,
  /** Where the seats look (stage.ts): grass for a pitch, boards for a stage. */
  pitch: 0x2f7d3a,
  stage: 0x8d6e4a,
  /** The glyph backgrounds of the wheelchair space, the companion seat and the couple seat. */
  wheelchair: 0x1565c0,
  companion: 0x6a1b9a,
  couple: 0xc2185b,
}

/** A map colour as CSS writes it, for the legend beside the map. */
export const cssColour = (rgb: number) => `#${rgb.toString(16).padStart(6, '0')}`

export const SEAT_TINT: Record<SeatState, number> = {
  available: COLOURS.available,
  unavailable: COLOURS.unavailable,
  'offered-a': COLOURS.offeredA,
  'offered-b': COLOURS.offeredB,
  chosen: COLOURS.chosen,
}

export type SeatGlyph = 'wheelchair' | 'companion' | 'couple'

/** The seat types drawn with a glyph over the seat (instead of its number), and which. */
export const SEAT_GLYPH: ReadonlyMap<number, SeatGlyph> = new Map([
  [SeatKind.Wheelchair, 'wheelchair'],
  [SeatKind.Companion, 'companion'],
  [SeatKind.Couple, 'couple'],
])

let fontInstalled = false
export function installFont(): void {
  if (fontInstalled) return
  // Characters outside this set (e.g. Chinese section names) are added to the
  // font on demand by pixi's dynamic bitmap font.
  BitmapFont.install({
    name: FONT,
    style: { fontFamily: 'system-ui, sans-serif', fontSize: 32, fill: 0xffffff, fontWeight: '600' },
    chars: [['a', 'z'], ['A', 'Z'], ['0', '9'], ' -.,/()&\'#+'],
    resolution: 2,
    // Labels are seat numbers, row letters and section codes: kerning them is
    // not worth measuring every pair of 74 characters at start-up.
    skipKerning: true,
  })
  fontInstalled = true
}

/**
 * A texture drawn on a plain 2D canvas, so the same source works for the
 * WebGL and the canvas renderer (the canvas renderer tints through the image).
 * Each glyph is its own texture source: pixi's canvas particle path tints a
 * frame-sized copy, so atlas frames at an offset would draw wrongly there.
 */
export function canvasTexture(size: number, draw: (ctx: CanvasRenderingContext2D, size: number) => void): Texture {
  const canvas = document.createElement('canvas')
  canvas.width = size
  canvas.height = size
  const ctx = canvas.getContext('2d')!
  draw(ctx, size)
  return Texture.from(canvas)
}

export function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath()
  ctx.moveTo(x + r, y)
  ctx.arcTo(x + w, y, x + w, y + h, r)
  ctx.arcTo(x + w, y + h, x, y + h, r)
  ctx.arcTo(x, y + h, x, y, r)
  ctx.arcTo(x, y, x + w, y, r)
  ctx.closePath()
}

export interface SeatTextures extends Record<SeatGlyph, Texture> {
  body: Texture
  stripes: Texture
  check: Texture
}

export function makeSeatTextures(): SeatTextures {
  const S = 64
  const body = canvasTexture(S, (ctx, s) => {
    ctx.fillStyle = '#ffffff'
    roundRect(ctx, s * 0.06, s * 0.06, s * 0.88, s * 0.88, s * 0.2)
    ctx.fill()
  })
  const wheelchair = canvasTexture(S, (ctx, s) => {
    ctx.fillStyle = cssColour(COLOURS.wheelchair)
    roundRect(ctx, s * 0.12, s * 0.12, s * 0.76, s * 0.76, s * 0.16)
    ctx.fill()
    ctx.strokeStyle = '#ffffff'
    ctx.fillStyle = '#ffffff'
    ctx.lineWidth = s * 0.07
    ctx.lineCap = 'round'
    ctx.beginPath()
    ctx.arc(s * 0.46, s * 0.27, s * 0.06, 0, Math.PI * 2)
    ctx.fill()
    ctx.beginPath()
    ctx.moveTo(s * 0.44, s * 0.36)
    ctx.lineTo(s * 0.44, s * 0.55)
    ctx.lineTo(s * 0.62, s * 0.55)
    ctx.lineTo(s * 0.68, s * 0.72)
    ctx.stroke()
    ctx.beginPath()
    ctx.arc(s * 0.44, s * 0.6, s * 0.15, Math.PI * 0.55, Math.PI * 1.55)
    ctx.stroke()
  })
  // The companion and couple marks: a disc of their colour with a white sign on it.
  const disc = (ctx: CanvasRenderingContext2D, s: number, colour: number, radius: number) => {
    ctx.fillStyle = cssColour(colour)
    ctx.beginPath()
    ctx.arc(s / 2, s / 2, s * radius, 0, Math.PI * 2)
    ctx.fill()
  }
  const companion = canvasTexture(S, (ctx, s) => {
    disc(ctx, s, COLOURS.companion, 0.36)
    ctx.fillStyle = '#ffffff'
    ctx.font = `bold ${Math.round(s * 0.44)}px sans-serif`
    ctx.textAlign = 'center'
    ctx.textBaseline = 'middle'
    ctx.fillText('C', s / 2, s * 0.53)
  })
  // A heart: the double seat for two, as cinemas and stadium boxes mark theirs.
  const couple = canvasTexture(S, (ctx, s) => {
    disc(ctx, s, COLOURS.couple, 0.38)
    ctx.fillStyle = '#ffffff'
    ctx.beginPath()
    ctx.moveTo(s * 0.5, s * 0.72)
    ctx.bezierCurveTo(s * 0.2, s * 0.52, s * 0.26, s * 0.26, s * 0.5, s * 0.38)
    ctx.bezierCurveTo(s * 0.74, s * 0.26, s * 0.8, s * 0.52, s * 0.5, s * 0.72)
    ctx.fill()
  })
  // Offered set B also differs by pattern, not only by colour.
  const stripes = canvasTexture(S, (ctx, s) => {
    ctx.save()
    roundRect(ctx, s * 0.06, s * 0.06, s * 0.88, s * 0.88, s * 0.2)
    ctx.clip()
    ctx.strokeStyle = 'rgba(0, 40, 60, 0.75)'
    ctx.lineWidth = s * 0.08
    for (let k = -s; k < s * 2; k += s * 0.25) {
      ctx.beginPath()
      ctx.moveTo(k, s)
      ctx.lineTo(k + s, 0)
      ctx.stroke()
    }
    ctx.restore()
  })
  const check = canvasTexture(S, (ctx, s) => {
    ctx.strokeStyle = '#ffffff'
    ctx.lineWidth = s * 0.12
    ctx.lineCap = 'round'
    ctx.lineJoin = 'round'
    ctx.beginPath()
    ctx.moveTo(s * 0.26, s * 0.52)
    ctx.lineTo(s * 0.43, s * 0.7)
    ctx.lineTo(s * 0.75, s * 0.32)
    ctx.stroke()
  })
  return { body, wheelchair, companion, couple, stripes, check }
}

export function parseColour(colour: string): number {
  const hex = /^#?([0-9a-f]{6})$/i.exec(colour.trim())
  return hex ? parseInt(hex[1]!, 16) : 0x888888
}

export function luminance(rgb: number): number {
  return (0.299 * ((rgb >> 16) & 255) + 0.587 * ((rgb >> 8) & 255) + 0.114 * (rgb & 255)) / 255
}
