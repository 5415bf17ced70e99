import { Application, BitmapText, Color, Container, Graphics, ParticleContainer, Rectangle, type IParticle, type Texture } from 'pixi.js'
// Foyer's CSP forbids eval: this module swaps pixi's generated code for eval-free
// implementations (the name says what it replaces, not what it needs).
import 'pixi.js/unsafe-eval'
import { Viewport } from 'pixi-viewport'
import { boundsOf, fitTransform, isEmptyBounds, labelAnchor, unionBounds, type Bounds } from './geometry'
import { HitIndex } from './hit-index'
import type { MapSeat, MapSection, MapSelection, SeatSize, SeatState } from './model'
import { SeatLabels } from './seat-labels'
import { watchTaps } from './tap-gesture'
import type { SeatMapStats, SeatMapView, SeatMapViewOptions } from './view-api'
import { COLOURS, COMPANION, FONT, installFont, LABEL_FONT_PX, luminance, makeSeatTextures, parseColour, SEAT_TINT, WHEELCHAIR } from './seat-map-style'

/**
 * The seat map drawn with pixi.js v8 and pixi-viewport.
 *
 * Render on demand: pixi's ticker never runs (autoStart off, own ticker, the
 * viewport with `noTicker`). Whatever changes the picture — a drag or pinch
 * (the viewport's `moved`/`zoomed` events), a state change, a resize — calls
 * `requestFrame()`, which schedules at most one requestAnimationFrame. That
 * frame advances the viewport's plugins (deceleration, animation, clamping) by
 * the real elapsed time, lays out the labels and renders once; it schedules
 * the next frame only while the viewport is still moving. Idle, nothing runs.
 *
 * Taps are read from the canvas's own DOM pointer events and resolved through
 * the HitIndex (an R-tree): no pixi object takes part in event hit testing.
 */

function sectionBounds(section: MapSection): Bounds {
  return unionBounds(section.outlines.map((o) => boundsOf(o)))
}

function seatsBounds(seats: readonly MapSeat[], size: SeatSize): Bounds {
  // Centres ± half the diagonal: covers any rotation without trigonometry.
  const half = Math.hypot(size.width, size.height) / 2
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (const seat of seats) {
    const cx = seat.x + size.width / 2
    const cy = seat.y + size.height / 2
    if (cx < minX) minX = cx
    if (cx > maxX) maxX = cx
    if (cy < minY) minY = cy
    if (cy > maxY) maxY = cy
  }
  if (!(minX <= maxX)) return { minX, minY, maxX, maxY }
  return { minX: minX - half, minY: minY - half, maxX: maxX + half, maxY: maxY + half }
}

interface OverviewScene {
  kind: 'overview'
  sections: MapSection[]
  graphics: Graphics[]
  labels: (BitmapText | null)[]
  /** World bounds per section, for label fitting and zooming. */
  bounds: Bounds[]
  byId: Map<number, number>
  strokeWidth: number
}

/**
 * Seats are plain IParticle objects of one fixed shape rather than pixi's
 * Particle class, whose constructor runs a setter loop and parses a colour for
 * each of 100,000 seats. Colours are packed (BGR + alpha) once per state.
 */
const packedColour = (rgb: number) => Color.shared.setValue(rgb).toBgrNumber() + (255 << 24)
const STATE_COLOUR = Object.fromEntries(Object.entries(SEAT_TINT).map(([state, rgb]) => [state, packedColour(rgb)])) as Record<SeatState, number>
const WHITE = packedColour(0xffffff)

function particle(texture: Texture, x: number, y: number, rotation: number, scaleX: number, scaleY: number, color: number): IParticle {
  return { x, y, scaleX, scaleY, anchorX: 0.5, anchorY: 0.5, rotation, color, texture }
}

interface SeatsScene {
  kind: 'seats'
  seats: MapSeat[]
  size: SeatSize
  particles: IParticle[]
  bodies: ParticleContainer
  stateMarks: { stripes: ParticleContainer; check: ParticleContainer }
  /** Seat index → its state-mark particle (offered-b stripes, chosen tick). */
  marks: Map<number, { particle: IParticle; container: ParticleContainer }>
  /** First seat of each row (list order): it carries the row label. */
  rowStarts: Set<number>
}

/** Labels drawn at most at once (reused as the view moves), a tap's allowed wobble, and the margin of fit(). */
const TAP_SLOP_PX = 10
const FIT_PADDING_PX = 24

export async function createSeatMapView(host: HTMLElement, options: SeatMapViewOptions = {}): Promise<SeatMapView> {
  const fingerRadius = options.fingerRadius ?? 22
  const app = new Application()
  await app.init({
    preference: options.preference ?? 'webgl',
    resizeTo: host,
    antialias: true,
    autoStart: false,
    sharedTicker: false,
    background: options.background ?? COLOURS.background,
    resolution: Math.min(globalThis.devicePixelRatio || 1, 2),
    autoDensity: true,
  })
  app.ticker.stop()
  installFont()
  const textures = makeSeatTextures()

  const canvas = app.canvas
  canvas.setAttribute('aria-hidden', 'true')
  canvas.style.display = 'block'
  canvas.style.touchAction = 'none'
  host.append(canvas)

  const viewport = new Viewport({
    screenWidth: app.screen.width,
    screenHeight: app.screen.height,
    events: app.renderer.events,
    noTicker: true,
    passiveWheel: false,
  })
  viewport.drag().pinch().wheel().decelerate({ friction: 0.93 })
  app.stage.addChild(viewport)

  const world = new Container({ eventMode: 'none', interactiveChildren: false })
  const labelLayer = new Container({ eventMode: 'none', interactiveChildren: false })
  viewport.addChild(world, labelLayer)

  let renders = 0
  let frameId: number | null = null
  let lastFrameTime: number | null = null
  let destroyed = false
  let ready = false
  let labelsDirty = true
  let scene: OverviewScene | SeatsScene | null = null
  let contentBounds: Bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity }
  let fitScale = 1
  let hitIndex: HitIndex | null = null
  let hitIndexStale = false
  const seatLabels = new SeatLabels(labelLayer)
  const listeners = new Set<(selection: MapSelection) => void>()

  // --- render on demand -------------------------------------------------------

  function requestFrame(): void {
    if (destroyed || frameId !== null) return
    frameId = requestAnimationFrame(frame)
  }

  function stillMoving(): boolean {
    const plugins = viewport.plugins
    return (
      viewport.moving === true ||
      viewport.zooming === true ||
      plugins.get('decelerate')?.isActive() === true ||
      Boolean(plugins.get('animate')) ||
      plugins.get('bounce')?.isActive() === true
    )
  }

  function frame(now: number): void {
    frameId = null
    if (destroyed) return
    const elapsed = lastFrameTime === null ? 1000 / 60 : Math.min(Math.max(now - lastFrameTime, 1), 100)
    if (app.screen.width !== viewport.screenWidth || app.screen.height !== viewport.screenHeight) {
      viewport.resize(app.screen.width, app.screen.height)
      updateLimits()
      // The host settled on its size after the scene was fitted: fit again, unless the customer moved it.
      if (fitted) jumpTo(contentBounds)
    }
    viewport.update(elapsed)
    if (labelsDirty || viewport.moving || viewport.zooming || viewport.dirty) layoutLabels()
    viewport.dirty = false
    labelsDirty = false
    app.renderer.render({ container: app.stage })
    renders++
    // Mirrored on the element for tests and diagnostics: frames drawn, and by which renderer.
    host.dataset.renders = String(renders)
    if (!ready) {
      ready = true
      host.dataset.renderer = app.renderer.name
      host.dataset.seatmapReady = '1'
    }
    if (stillMoving()) {
      lastFrameTime = now
      requestFrame()
    } else {
      lastFrameTime = null
    }
  }

  // pixi's resize plugin renders after resizing the canvas: route that through
  // the on-demand frame so every draw is counted and the viewport follows.
  app.render = requestFrame

  for (const event of ['moved', 'zoomed', 'drag-end', 'pinch-end', 'wheel-scroll', 'snap-end', 'bounce-x-end', 'bounce-y-end'] as const) {
    viewport.on(event, requestFrame)
  }

  // --- fitting and limits -----------------------------------------------------

  function fitFor(bounds: Bounds): { scale: number; x: number; y: number } {
    return fitTransform(bounds, { width: app.screen.width, height: app.screen.height }, FIT_PADDING_PX)
  }

  function maxScale(): number {
    if (scene?.kind === 'seats') {
      // A seat about 90 CSS px wide: its label reads comfortably.
      return Math.max(fitScale * 2, 90 / Math.max(scene.size.width, 1e-6))
    }
    return Math.max(fitScale * 12, 1e-6)
  }

  /**
   * pixi-viewport's world runs from (0, 0) to (worldWidth, worldHeight): its
   * clamping and centring assume so. Venue coordinates need not start at the
   * origin (a theatre's stalls sit far from it), so the drawn content is moved
   * by `offset` to put its bounds, plus a margin, at the origin. The view's
   * own code keeps to venue coordinates and converts where it meets the viewport.
   */
  const offset = { x: 0, y: 0 }
  const toViewport = (x: number, y: number) => ({ x: x + offset.x, y: y + offset.y })
  const toContent = (x: number, y: number) => ({ x: x - offset.x, y: y - offset.y })

  function updateLimits(): void {
    if (isEmptyBounds(contentBounds)) return
    fitScale = fitFor(contentBounds).scale
    viewport.plugins.remove('clamp-zoom')
    viewport.plugins.remove('clamp')
    viewport.clampZoom({ minScale: fitScale * 0.5, maxScale: maxScale() })
    const w = contentBounds.maxX - contentBounds.minX
    const h = contentBounds.maxY - contentBounds.minY
    const margin = Math.max(w, h) * 0.15
    offset.x = margin - contentBounds.minX
    offset.y = margin - contentBounds.minY
    world.position.set(offset.x, offset.y)
    labelLayer.position.set(offset.x, offset.y)
    viewport.worldWidth = w + 2 * margin
    viewport.worldHeight = h + 2 * margin
    viewport.clamp({ left: true, right: true, top: true, bottom: true, underflow: 'center' })
  }

  /** Whether the view shows the whole scene as fitted (no pan or zoom by the customer since). */
  let fitted = true
  for (const gesture of ['drag-start', 'pinch-start', 'wheel-start'] as const) viewport.on(gesture, () => (fitted = false))

  function jumpTo(bounds: Bounds): void {
    fitted = bounds === contentBounds
    if (isEmptyBounds(bounds)) return
    const t = fitFor(bounds)
    const scale = Math.min(Math.max(t.scale, fitScale * 0.5), maxScale())
    viewport.plugins.remove('animate')
    viewport.setZoom(scale, true)
    const centre = toViewport((bounds.minX + bounds.maxX) / 2, (bounds.minY + bounds.maxY) / 2)
    viewport.moveCenter(centre.x, centre.y)
    labelsDirty = true
    requestFrame()
  }

  function animateTo(bounds: Bounds): void {
    fitted = false
    if (isEmptyBounds(bounds)) return
    const t = fitFor(bounds)
    const scale = Math.min(Math.max(t.scale, fitScale * 0.5), maxScale())
    viewport.animate({
      position: toViewport((bounds.minX + bounds.maxX) / 2, (bounds.minY + bounds.maxY) / 2),
      scale,
      time: 300,
      ease: 'easeInOutSine',
      removeOnInterrupt: true,
    })
    labelsDirty = true
    requestFrame()
  }

  // --- scenes ---------------------------------------------------------------

  function clearScene(): void {
    viewport.plugins.remove('animate')
    for (const child of world.removeChildren()) child.destroy({ children: true })
    for (const child of labelLayer.removeChildren()) child.destroy()
    seatLabels.reset()
    scene = null
    hitIndex = null
  }

  function drawSection(scene: OverviewScene, i: number): void {
    const section = scene.sections[i]!
    const g = scene.graphics[i]!
    const colour = parseColour(section.colour)
    const soldOut = section.availability === 'sold-out'
    g.clear()
    for (const outline of section.outlines) {
      if (outline.length < 6) continue
      g.poly(outline, true).fill({ color: colour }).stroke({ width: scene.strokeWidth, color: COLOURS.outline, alignment: 0.5 })
      if (section.availability === 'limited') {
        g.poly(outline, true).stroke({ width: scene.strokeWidth * 3, color: COLOURS.limited, alignment: 1 })
      } else if (section.availability === 'single-seat') {
        g.poly(outline, true).stroke({ width: scene.strokeWidth * 3, color: COLOURS.singleSeat, alignment: 1 })
      }
    }
    g.alpha = soldOut ? 0.3 : 1
    const label = scene.labels[i]
    if (label) label.alpha = soldOut ? 0.45 : 1
  }

  function showOverview(sections: readonly MapSection[]): void {
    clearScene()
    const list = [...sections]
    const bounds = list.map(sectionBounds)
    contentBounds = unionBounds(bounds)
    const extent = isEmptyBounds(contentBounds) ? 1 : Math.max(contentBounds.maxX - contentBounds.minX, contentBounds.maxY - contentBounds.minY)
    const overview: OverviewScene = {
      kind: 'overview',
      sections: list,
      graphics: [],
      labels: [],
      bounds,
      byId: new Map(list.map((s, i) => [s.id, i])),
      strokeWidth: extent * 0.0015,
    }
    list.forEach((section, i) => {
      const g = new Graphics({ eventMode: 'none' })
      overview.graphics.push(g)
      world.addChild(g)
      const outline = section.outlines.reduce<number[]>((best, o) => (o.length > best.length ? o : best), [])
      let label: BitmapText | null = null
      if (outline.length >= 6 && section.label) {
        const anchor = labelAnchor(outline)
        const fill = luminance(parseColour(section.colour)) > 0.6 ? COLOURS.labelDark : COLOURS.label
        label = new BitmapText({ text: section.label, style: { fontFamily: FONT, fontSize: LABEL_FONT_PX, fill: 0xffffff } })
        label.tint = fill
        label.anchor.set(0.5)
        label.position.set(anchor.x, anchor.y)
        label.eventMode = 'none'
        label.visible = false
        labelLayer.addChild(label)
      }
      overview.labels.push(label)
      drawSection(overview, i)
    })
    scene = overview
    hitIndex = HitIndex.fromSections(list)
    hitIndexStale = false
    updateLimits()
    jumpTo(contentBounds)
  }

  function markFor(state: SeatState): 'stripes' | 'check' | null {
    if (state === 'offered-b') return 'stripes'
    if (state === 'chosen') return 'check'
    return null
  }

  function setMark(s: SeatsScene, index: number): void {
    const seat = s.seats[index]!
    const existing = s.marks.get(index)
    const want = markFor(seat.state)
    const wantContainer = want ? s.stateMarks[want] : null
    if (existing && existing.container === wantContainer) return
    if (existing) {
      existing.container.removeParticle(existing.particle)
      s.marks.delete(index)
    }
    if (want && wantContainer) {
      const body = s.particles[index]!
      const mark = particle(want === 'stripes' ? textures.stripes : textures.check, body.x, body.y, body.rotation, body.scaleX, body.scaleY, WHITE)
      wantContainer.addParticle(mark)
      s.marks.set(index, { particle: mark, container: wantContainer })
    }
  }

  function showSeats(seats: readonly MapSeat[], size: SeatSize, sectionOutline?: number[]): void {
    clearScene()
    const list = [...seats]
    const bounds = [seatsBounds(list, size)]
    if (sectionOutline && sectionOutline.length >= 6) {
      const g = new Graphics({ eventMode: 'none' })
      const ob = boundsOf(sectionOutline)
      const extent = Math.max(ob.maxX - ob.minX, ob.maxY - ob.minY)
      g.poly(sectionOutline, true).fill({ color: 0xffffff, alpha: 0.04 }).stroke({ width: Math.max(extent * 0.003, size.width * 0.08), color: 0x8a93a3, alpha: 0.8 })
      world.addChild(g)
      bounds.push(ob)
    }
    contentBounds = unionBounds(bounds)

    const staticProps = { vertex: false, position: false, rotation: false, uvs: false, color: false }
    const bodies = new ParticleContainer({ texture: textures.body, dynamicProperties: staticProps, eventMode: 'none' })
    const wheelchair = new ParticleContainer({ texture: textures.wheelchair, dynamicProperties: staticProps, eventMode: 'none' })
    const companion = new ParticleContainer({ texture: textures.companion, dynamicProperties: staticProps, eventMode: 'none' })
    const stripes = new ParticleContainer({ texture: textures.stripes, dynamicProperties: staticProps, eventMode: 'none' })
    const check = new ParticleContainer({ texture: textures.check, dynamicProperties: staticProps, eventMode: 'none' })

    const sx = size.width / textures.body.width
    const sy = size.height / textures.body.height
    const particles = new Array<IParticle>(list.length)
    const glyphScale = (Math.min(size.width, size.height) * 0.9) / textures.wheelchair.width
    const rowStarts = new Set<number>()
    const seenRows = new Set<string>()
    const wheelchairs: IParticle[] = []
    const companions: IParticle[] = []
    for (let i = 0; i < list.length; i++) {
      const seat = list[i]!
      const cx = seat.x + size.width / 2
      const cy = seat.y + size.height / 2
      const rotation = (seat.angle * Math.PI) / 180
      particles[i] = particle(textures.body, cx, cy, rotation, sx, sy, STATE_COLOUR[seat.state])
      if (seat.seatType === WHEELCHAIR || seat.seatType === COMPANION) {
        const glyph = particle(seat.seatType === WHEELCHAIR ? textures.wheelchair : textures.companion, cx, cy, rotation, glyphScale, glyphScale, WHITE)
        ;(seat.seatType === WHEELCHAIR ? wheelchairs : companions).push(glyph)
      }
      if (seat.row !== null && seat.row !== '' && !seenRows.has(seat.row)) {
        seenRows.add(seat.row)
        rowStarts.add(i)
      }
    }
    // addParticle(...spread) would overflow the call stack at 100k arguments.
    for (const p of particles) bodies.particleChildren.push(p)
    bodies.update()
    for (const p of wheelchairs) wheelchair.particleChildren.push(p)
    wheelchair.update()
    for (const p of companions) companion.particleChildren.push(p)
    companion.update()
    // Bounds for the particle containers: pixi would otherwise measure 100k particles.
    for (const pc of [bodies, wheelchair, companion, stripes, check]) {
      pc.boundsArea = new Rectangle(contentBounds.minX, contentBounds.minY, contentBounds.maxX - contentBounds.minX, contentBounds.maxY - contentBounds.minY)
    }
    world.addChild(bodies, stripes, check, wheelchair, companion)

    const s: SeatsScene = { kind: 'seats', seats: list, size, particles, bodies, stateMarks: { stripes, check }, marks: new Map(), rowStarts }
    for (let i = 0; i < list.length; i++) if (markFor(list[i]!.state)) setMark(s, i)
    scene = s
    hitIndex = HitIndex.fromSeats(list, size)
    hitIndexStale = false
    updateLimits()
    jumpTo(contentBounds)
  }

  function setSeatStates(changes: readonly { index: number; state: SeatState }[]): void {
    if (scene?.kind !== 'seats' || changes.length === 0) return
    const s = scene
    let changed = false
    for (const { index, state } of changes) {
      const seat = s.seats[index]
      if (!seat || seat.state === state) continue
      const wasSelectable = seat.state !== 'unavailable'
      s.seats[index] = { ...seat, state }
      s.particles[index]!.color = STATE_COLOUR[state]
      setMark(s, index)
      if (wasSelectable !== (state !== 'unavailable')) hitIndexStale = true
      changed = true
    }
    if (!changed) return
    // Static properties: re-upload the buffers once, on the next render.
    s.bodies.update()
    labelsDirty = true
    requestFrame()
  }

  function setSectionAvailability(changes: readonly { id: number; availability: MapSection['availability'] }[]): void {
    if (scene?.kind !== 'overview') return
    const o = scene
    let changed = false
    for (const { id, availability } of changes) {
      const i = o.byId.get(id)
      if (i === undefined) continue
      const section = o.sections[i]!
      if (section.availability === availability) continue
      if ((section.availability === 'sold-out') !== (availability === 'sold-out')) hitIndexStale = true
      o.sections[i] = { ...section, availability }
      drawSection(o, i)
      changed = true
    }
    if (changed) requestFrame()
  }

  // --- labels -----------------------------------------------------------------

  function layoutLabels(): void {
    if (!scene) return
    const scale = viewport.scale.x
    if (scene.kind === 'overview') {
      const inv = 1 / scale
      for (let i = 0; i < scene.labels.length; i++) {
        const label = scene.labels[i]
        if (!label) continue
        const b = scene.bounds[i]!
        // Constant on-screen size; shown only where the section has room for it.
        label.scale.set(inv)
        const roomW = (b.maxX - b.minX) * scale
        const roomH = (b.maxY - b.minY) * scale
        const textW = label.width * scale
        label.visible = scale >= fitScale * 0.99 && roomW >= textW + 8 && roomH >= LABEL_FONT_PX + 6
      }
      return
    }
    let visible: number[] | null = null
    if (scene.size.width * scale >= 22 && hitIndex) {
      const vb = viewport.getVisibleBounds()
      const from = toContent(vb.x, vb.y)
      visible = hitIndex.inBox({ minX: from.x, minY: from.y, maxX: from.x + vb.width, maxY: from.y + vb.height })
    }
    seatLabels.layout(scene, visible, scale)
  }

  // --- taps -------------------------------------------------------------------

  function currentHitIndex(): HitIndex | null {
    if (hitIndexStale && scene) {
      hitIndex = scene.kind === 'overview' ? HitIndex.fromSections(scene.sections) : HitIndex.fromSeats(scene.seats, scene.size)
      hitIndexStale = false
    }
    return hitIndex
  }

  function hitTest(screenX: number, screenY: number): MapSelection | null {
    const index = currentHitIndex()
    if (!scene || !index) return null
    const w = viewport.toWorld(screenX, screenY)
    const p = toContent(w.x, w.y)
    const found = index.hit(p.x, p.y, fingerRadius / viewport.scale.x)
    if (found === null) return null
    if (scene.kind === 'overview') {
      const section = scene.sections[found]
      if (!section || section.availability === 'sold-out') return null
      return { kind: 'section', sectionId: section.id }
    }
    const seat = scene.seats[found]
    if (!seat || seat.inventoryId === null || seat.state === 'unavailable') return null
    return { kind: 'seat', index: found, inventoryId: seat.inventoryId }
  }

  const stopWatchingTaps = watchTaps(canvas, {
    slopPx: TAP_SLOP_PX,
    mayStartTap: () => viewport.plugins.get('decelerate')?.isActive() !== true && !viewport.plugins.get('animate'),
    onTap(x, y) {
      const selection = hitTest(x, y)
      if (selection) for (const listener of [...listeners]) listener(selection)
    },
  })

  requestFrame()

  return {
    showOverview,
    showSeats,
    setSeatStates,
    setSectionAvailability,
    zoomToSection(id: number) {
      if (scene?.kind === 'overview') {
        const i = scene.byId.get(id)
        if (i !== undefined) animateTo(scene.bounds[i]!)
      } else {
        animateTo(contentBounds)
      }
    },
    fit() {
      jumpTo(contentBounds)
    },
    hitTest,
    onSelect(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stats(): SeatMapStats {
      const items = scene?.kind === 'overview' ? scene.sections.length : scene?.kind === 'seats' ? scene.seats.length : 0
      return { renders, renderer: app.renderer.name, items }
    },
    resize(width: number, height: number) {
      if (destroyed || width <= 0 || height <= 0) return
      if (width === app.screen.width && height === app.screen.height) {
        // pixi's own resizeTo got there first: the next frame resizes the viewport (and refits).
        requestFrame()
        return
      }
      const centre = viewport.center
      app.renderer.resize(width, height)
      viewport.resize(width, height)
      updateLimits()
      if (fitted) jumpTo(contentBounds)
      else viewport.moveCenter(centre.x, centre.y)
      labelsDirty = true
      requestFrame()
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      if (frameId !== null) cancelAnimationFrame(frameId)
      frameId = null
      stopWatchingTaps()
      listeners.clear()
      delete host.dataset.seatmapReady
      app.destroy(true, { children: true })
      for (const texture of Object.values(textures)) texture.destroy(true)
    },
  }
}
