import { Color, Container, Matrix, ParticleContainer, Rectangle, RenderTexture, Sprite, type IParticle, type Renderer, type Texture } from 'pixi.js'
import { isEmptyBounds, type Bounds } from './geometry'
import { SEAT_STATES, type SeatArrays } from './seat-arrays'
import { SEAT_GLYPH, SEAT_TINT, type SeatGlyph, type SeatTextures } from './seat-map-style'
import { destroyWithDrawings } from './scene-destroy'

/**
 * The seats of a section on screen, with level of detail.
 *
 * Zoomed out, where a seat is smaller than a finger can aim at, the seats are
 * one picture: drawn once into a texture (at a power-of-two resolution near
 * the view's) and shown as a single sprite, so a wheel or pinch step redraws
 * one quad, not every seat. The picture is drawn again only when the seats
 * change, when the zoom moves a whole resolution level, or when the view
 * leaves the area it covers. Zoomed in, where seats can be tapped, the seats
 * around the view are drawn live (crisp at any zoom), refilled when the view
 * leaves that area.
 *
 * Either way the particles are a pool sized by what is drawn at once, filled
 * from the typed SeatArrays: no object per seat of the section.
 */

/** A seat narrower than this on screen (CSS px) is drawn from the picture. */
export const TAPPABLE_SEAT_PX = 14
/** Seats drawn per pass into the picture: the pool's size while zoomed out. */
const CHUNK = 8192
/** Largest side of the picture's texture (GPUs go to 4096 at least). */
const MAX_PICTURE_PX = 4096

export type SeatDetail = 'picture' | 'seats'

/** Colours packed as pixi's particles take them (BGR + alpha), once per state. */
const packed = (rgb: number) => Color.shared.setValue(rgb).toBgrNumber() + (255 << 24)
const STATE_COLOUR = SEAT_STATES.map((state) => packed(SEAT_TINT[state]))
const WHITE = packed(0xffffff)
const OFFERED_B = SEAT_STATES.indexOf('offered-b')
const CHOSEN = SEAT_STATES.indexOf('chosen')

function blank(texture: Texture): IParticle {
  return { x: 0, y: 0, scaleX: 1, scaleY: 1, anchorX: 0.5, anchorY: 0.5, rotation: 0, color: WHITE, texture }
}

/** A ParticleContainer and the particles it reuses. */
class Pool {
  readonly container: ParticleContainer
  readonly #spare: IParticle[] = []
  #used = 0

  constructor(readonly texture: Texture) {
    const still = { vertex: false, position: false, rotation: false, uvs: false, color: false }
    this.container = new ParticleContainer({ texture, dynamicProperties: still, eventMode: 'none' })
  }

  begin(): void {
    this.#used = 0
    this.container.particleChildren.length = 0
  }

  next(): IParticle {
    let p = this.#spare[this.#used]
    if (!p) this.#spare.push((p = blank(this.texture)))
    this.#used++
    this.container.particleChildren.push(p)
    return p
  }

  /** Re-uploads the (static) buffers on the next render. */
  end(area: Rectangle): void {
    this.container.boundsArea = area
    this.container.update()
  }
}

export class SeatLayer {
  /** Add to the world: holds the picture or the live seats, in venue coordinates. */
  readonly root = new Container({ eventMode: 'none', interactiveChildren: false })
  /** Times the seats were drawn afresh (into the picture or the live pool). */
  passes = 0
  #detail: SeatDetail | null = null
  #region: Bounds | null = null
  #resolution = 0
  #dirty = true
  readonly #pools: { bodies: Pool; stripes: Pool; check: Pool } & Record<SeatGlyph, Pool>
  readonly #live = new Container({ eventMode: 'none', interactiveChildren: false })
  readonly #picture = new Sprite()
  #texture: RenderTexture | null = null
  readonly #bounds: Bounds

  /**
   * @param inBox seat indices whose bounds meet a box (the hit index's query)
   * @param canPicture whether the renderer draws into textures (WebGL); the
   *   canvas fallback always draws the seats live.
   */
  constructor(
    private readonly renderer: Renderer,
    private readonly seatArrays: SeatArrays,
    textures: SeatTextures,
    private readonly inBox: (box: Bounds) => number[],
    private readonly canPicture: boolean,
  ) {
    this.#pools = {
      bodies: new Pool(textures.body),
      stripes: new Pool(textures.stripes),
      check: new Pool(textures.check),
      wheelchair: new Pool(textures.wheelchair),
      companion: new Pool(textures.companion),
      couple: new Pool(textures.couple),
    }
    const { bodies, stripes, check, wheelchair, companion, couple } = this.#pools
    this.#live.addChild(bodies.container, stripes.container, check.container, wheelchair.container, companion.container, couple.container)
    this.#picture.eventMode = 'none'
    this.root.addChild(this.#picture)
    this.#bounds = seatArrays.bounds()
  }

  get detail(): SeatDetail | null {
    return this.#detail
  }

  /** Seats changed state: drawn again on the next frame. */
  invalidate(): void {
    this.#dirty = true
  }

  /**
   * Before each frame: the part of the venue in view (venue coordinates), the
   * view's scale and the screen's pixel ratio. Draws the seats afresh only when
   * needed; otherwise costs a few comparisons.
   */
  prepare(view: Bounds, scale: number, pixelRatio: number): void {
    const seen = clip(view, this.#bounds)
    const seatPx = this.seatArrays.size.width * scale
    const detail: SeatDetail = !this.canPicture || seatPx >= TAPPABLE_SEAT_PX ? 'seats' : 'picture'
    const resolution = detail === 'picture' ? 2 ** Math.ceil(Math.log2(Math.max(scale * pixelRatio, 1e-6))) : 0
    const covered = this.#region !== null && (isEmptyBounds(seen) || within(seen, this.#region))
    if (!this.#dirty && detail === this.#detail && resolution === this.#resolution && covered) return
    // The view and a quarter of it on every side, within the seats' bounds.
    const w = view.maxX - view.minX
    const h = view.maxY - view.minY
    const region = clip({ minX: view.minX - w / 4, minY: view.minY - h / 4, maxX: view.maxX + w / 4, maxY: view.maxY + h / 4 }, this.#bounds)
    this.#dirty = false
    this.#detail = detail
    this.#resolution = resolution
    this.#region = region
    this.passes++
    if (detail === 'seats') this.#drawLive(region)
    else this.#drawPicture(region, resolution)
  }

  destroy(): void {
    if (this.root.destroyed) return
    if (this.#live.parent === null) destroyWithDrawings(this.#live)
    destroyWithDrawings(this.root)
    this.#texture?.destroy(true)
    this.#texture = null
  }

  #drawLive(region: Bounds): void {
    this.#picture.visible = false
    if (this.#live.parent !== this.root) this.root.addChild(this.#live)
    const seats = isEmptyBounds(region) ? [] : this.inBox(region)
    this.#fill(seats, 0, seats.length, region)
  }

  #drawPicture(region: Bounds, wanted: number): void {
    if (this.#live.parent) this.#live.parent.removeChild(this.#live)
    const w = region.maxX - region.minX
    const h = region.maxY - region.minY
    if (isEmptyBounds(region) || w <= 0 || h <= 0) {
      this.#picture.visible = false
      return
    }
    // A huge venue far zoomed out could ask for more than a texture holds: fewer pixels then.
    const resolution = Math.min(wanted, MAX_PICTURE_PX / w, MAX_PICTURE_PX / h)
    const width = Math.max(1, Math.ceil(w * resolution))
    const height = Math.max(1, Math.ceil(h * resolution))
    if (!this.#texture) this.#texture = RenderTexture.create({ width, height, resolution: 1 })
    else if (this.#texture.width !== width || this.#texture.height !== height) this.#texture.resize(width, height, 1)
    const transform = new Matrix(resolution, 0, 0, resolution, -region.minX * resolution, -region.minY * resolution)
    const seats = this.inBox(region)
    // In chunks through the same pool: the particles never outnumber CHUNK.
    for (let from = 0; from < seats.length || from === 0; from += CHUNK) {
      this.#fill(seats, from, Math.min(seats.length, from + CHUNK), region)
      this.renderer.render({ container: this.#live, target: this.#texture, clear: from === 0, clearColor: [0, 0, 0, 0], transform })
    }
    this.#picture.texture = this.#texture
    this.#picture.position.set(region.minX, region.minY)
    this.#picture.scale.set(1 / resolution)
    this.#picture.visible = true
  }

  /** Loads the pools with seats[from … to). */
  #fill(seats: readonly number[], from: number, to: number, region: Bounds): void {
    const { bodies, stripes, check, wheelchair } = this.#pools
    const pools = Object.values(this.#pools)
    const glyphs = this.#pools
    for (const pool of pools) pool.begin()
    const { centres, rotations, states, types, size } = this.seatArrays
    const sx = size.width / bodies.texture.width
    const sy = size.height / bodies.texture.height
    const glyph = (Math.min(size.width, size.height) * 0.9) / wheelchair.texture.width
    for (let k = from; k < to; k++) {
      const i = seats[k]!
      const x = centres[2 * i]!
      const y = centres[2 * i + 1]!
      const rotation = rotations[i]!
      const state = states[i]!
      const body = bodies.next()
      body.x = x
      body.y = y
      body.rotation = rotation
      body.scaleX = sx
      body.scaleY = sy
      body.color = STATE_COLOUR[state]!
      const mark = state === OFFERED_B ? stripes : state === CHOSEN ? check : null
      if (mark) place(mark.next(), x, y, rotation, sx, sy)
      const glyphOf = SEAT_GLYPH.get(types[i]!)
      const symbol = glyphOf ? glyphs[glyphOf] : null
      if (symbol) place(symbol.next(), x, y, rotation, glyph, glyph)
    }
    const area = new Rectangle(region.minX, region.minY, Math.max(region.maxX - region.minX, 0), Math.max(region.maxY - region.minY, 0))
    for (const pool of pools) pool.end(area)
  }
}

function place(p: IParticle, x: number, y: number, rotation: number, scaleX: number, scaleY: number): void {
  p.x = x
  p.y = y
  p.rotation = rotation
  p.scaleX = scaleX
  p.scaleY = scaleY
}

function clip(a: Bounds, b: Bounds): Bounds {
  return { minX: Math.max(a.minX, b.minX), minY: Math.max(a.minY, b.minY), maxX: Math.min(a.maxX, b.maxX), maxY: Math.min(a.maxY, b.maxY) }
}

function within(inner: Bounds, outer: Bounds): boolean {
  const eps = 1e-6 * Math.max(outer.maxX - outer.minX, outer.maxY - outer.minY, 1)
  return inner.minX >= outer.minX - eps && inner.minY >= outer.minY - eps && inner.maxX <= outer.maxX + eps && inner.maxY <= outer.maxY + eps
}
