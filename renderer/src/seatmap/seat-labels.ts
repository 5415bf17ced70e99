import { BitmapText, type Container } from 'pixi.js'
import type { MapSeat, SeatSize } from './model'
import { COLOURS, FONT, LABEL_FONT_PX, SEAT_GLYPH } from './seat-map-style'

/**
 * Seat numbers and row names, drawn only when the seats are big enough on
 * screen to read them and only for the seats in view, from a pool of bitmap
 * texts reused as the view moves (never one text per seat of a 100,000-seat
 * section).
 */
export const SEAT_LABEL_POOL = 600

export interface LabelledSeats {
  seats: readonly MapSeat[]
  size: SeatSize
  /** First seat of each row: it carries the row's name. */
  rowStarts: ReadonlySet<number>
  /** Each seat's state now (the seats' own are as first drawn). */
  seatArrays: { state(index: number): MapSeat['state'] }
}

export class SeatLabels {
  readonly #pool: BitmapText[] = []

  constructor(private readonly layer: Container) {}

  /**
   * Labels the given seats (indices of those in view) at the view's scale, or
   * none when `visible` is null (too small to read, or too many to label).
   */
  layout(scene: LabelledSeats, visible: readonly number[] | null, scale: number): void {
    let used = 0
    if (visible && visible.length <= SEAT_LABEL_POOL / 2) {
      const { size } = scene
      const fontWorld = Math.min(size.height * 0.5, (LABEL_FONT_PX * 1.2) / scale)
      const place = (text: string, x: number, y: number, tint: number, rotation: number) => {
        if (used >= SEAT_LABEL_POOL) return
        const label = this.#label(used++, text)
        label.scale.set(fontWorld / LABEL_FONT_PX)
        label.position.set(x, y)
        label.rotation = rotation
        label.tint = tint
        label.visible = true
      }
      for (const i of visible) {
        const seat = scene.seats[i]!
        const cx = seat.x + size.width / 2
        const cy = seat.y + size.height / 2
        const rotation = (seat.angle * Math.PI) / 180
        if (seat.seat && !SEAT_GLYPH.has(seat.seatType ?? 0)) {
          place(seat.seat, cx, cy, scene.seatArrays.state(i) === 'unavailable' ? 0xb0b4bc : COLOURS.labelDark, rotation)
        }
        if (scene.rowStarts.has(i) && seat.row) {
          // The row's name just before its first seat, along the seat's own axis.
          const d = size.width * 1.1
          place(seat.row, cx - Math.cos(rotation) * d, cy - Math.sin(rotation) * d, COLOURS.label, rotation)
        }
      }
    }
    for (let k = used; k < this.#pool.length; k++) this.#pool[k]!.visible = false
  }

  /** The layer's children were destroyed with the scene: start a new pool. */
  reset(): void {
    this.#pool.length = 0
  }

  #label(slot: number, text: string): BitmapText {
    let label = this.#pool[slot]
    if (!label) {
      label = new BitmapText({ text, style: { fontFamily: FONT, fontSize: LABEL_FONT_PX, fill: 0xffffff } })
      label.anchor.set(0.5)
      label.eventMode = 'none'
      this.#pool.push(label)
      this.layer.addChild(label)
    } else if (label.text !== text) {
      label.text = text
    }
    return label
  }
}
