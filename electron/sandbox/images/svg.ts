import { priceCategoryColour } from '../../contract/palette'
import { escapeUTF8 as escapeXml } from 'entities'
import type { Product, SandboxEvent } from '../model/catalogue'
import { genres } from '../seed/types'
import { seatOutline } from '../http/seat-json'

/**
 * Generated training images: event posters and seat maps as SVG. Deterministic
 * (same data, same bytes), so clients can cache them and tests can compare them.
 */

function points(polygon: readonly number[]): string {
  const out: string[] = []
  for (let i = 0; i + 1 < polygon.length; i += 2) out.push(`${polygon[i]},${polygon[i + 1]}`)
  return out.join(' ')
}

/** Splits a title into lines of at most `width` characters at spaces. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines.slice(0, maxLines)
}

export function eventPoster(event: SandboxEvent): string {
  const genre = event.seed.genres[0] ?? 'Concert'
  const hue = (genres.indexOf(genre) * 26) % 360
  const title = wrap(event.seed.title.EN_SG, 26, 3)
    .map((line, i) => `<text x="48" y="${190 + i * 58}" font-size="48" font-weight="700">${escapeXml(line)}</text>`)
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},65%,38%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,18%)"/>` +
    `</linearGradient></defs><rect width="800" height="450" fill="url(#g)"/>` +
    `<g fill="#fff" font-family="sans-serif">` +
    `<text x="48" y="92" font-size="26" opacity="0.85">${escapeXml(event.seed.genres.join(' · '))}</text>${title}` +
    `<text x="48" y="410" font-size="24" opacity="0.85">${escapeXml(event.venue.name)}</text>` +
    `<text x="752" y="410" font-size="18" text-anchor="end" opacity="0.6">TRAINING</text></g></svg>`
  )
}

export function overviewMap(product: Product): string {
  const { venue } = product.event
  const shapes = product.sections
    .map(
      ({ section, category }) =>
        `<polygon points="${points(section.polygon)}" fill="${priceCategoryColour(category.num)}" stroke="#333" stroke-width="2"/>`,
    )
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${venue.width}" height="${venue.height}" ` +
    `viewBox="0 0 ${venue.width} ${venue.height}"><rect width="100%" height="100%" fill="#f4f4f4"/>${shapes}</svg>`
  )
}

/** A section's detail map: every seat outlined, with its number in the 2D variant. */
export function sectionMap(product: Product, sectionId: number, numbered: boolean): string | null {
  const productSection = product.sectionById.get(sectionId)
  if (!productSection || productSection.section.type !== 'RS') return null
  const { section, category } = productSection
  const { seatWidth: w, seatHeight: h } = product.event.venue
  const xs: number[] = []
  const ys: number[] = []
  for (let i = 0; i + 1 < section.polygon.length; i += 2) {
    xs.push(section.polygon[i]!)
    ys.push(section.polygon[i + 1]!)
  }
  const [minX, minY] = [Math.min(...xs) - w, Math.min(...ys) - h]
  const [width, height] = [Math.max(...xs) - minX + w, Math.max(...ys) - minY + h]
  const seats = section.rows
    .flatMap((row) =>
      row.seats.map((seat) => {
        const outline = `<polygon points="${points(seatOutline(seat, w, h).split(',').map(Number))}" fill="${priceCategoryColour(category.num)}" stroke="#555" stroke-width="0.5"/>`
        const label = numbered
          ? `<text x="${seat.x + w / 2}" y="${seat.y + h * 0.7}" font-size="${(h * 0.5).toFixed(1)}" text-anchor="middle" transform="rotate(${seat.angle} ${seat.x + w / 2} ${seat.y + h / 2})">${escapeXml(seat.alias)}</text>`
          : ''
        return outline + label
      }),
    )
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${minX} ${minY} ${width} ${height}">` +
    `<polygon points="${points(section.polygon)}" fill="#fafafa" stroke="#999"/>` +
    `<g font-family="sans-serif" fill="#222">${seats}</g></svg>`
  )
}
