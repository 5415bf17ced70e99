import { Application, BitmapText, Container, Graphics, RendererType } from 'pixi.js'
// Foyer's CSP forbids eval: this module swaps pixi's generated code for eval-free
// implementations (the name says what it replaces, not what it needs).
import 'pixi.js/unsafe-eval'
import { Viewport } from 'pixi-viewport'
import { boundsOf, fitTransform, isEmptyBounds, labelAnchor, unionBounds, type Bounds } from './geometry'
import { FrameScheduler, quietSystemTicker, tickSystem } from './frame-scheduler'
import { HitIndex } from './hit-index'
import type { MapSeat, MapSection, MapSelection, SeatSize, SeatState } from './model'
import { SeatLabels } from './seat-labels'
import { placeSectionLabels } from './section-labels'
import { stageOf } from './stage'
import { stageMarker } from './stage-marker'
import { SeatLayer } from './seat-layer'
import { SeatStore } from './seat-store'
import { watchTaps } from './tap-gesture'
import type { SeatMapStats, SeatMapView, SeatMapViewOptions } from './view-api'
import { COLOURS, FONT, installFont, LABEL_FONT_PX, luminance, makeSeatTextures, parseColour } from './seat-map-style'

/**
 * The seat map drawn with pixi.js v8 and pixi-viewport.
 *
 * Render on demand (frame-scheduler.ts): no pixi ticker runs (the app's own
 * is never started, pixi's system ticker is stopped, the viewport has
 * `noTicker`). Whatever changes the picture — a drag or pinch (the viewport's
 * `moved`/`zoomed` events), a state change, a resize — calls `requestFrame()`
 * (or `redraw()`, which also marks the picture changed), which schedules at most
 * one requestAnimationFrame. That frame advances the
 * viewport's plugins (deceleration, animation, clamping) by the real elapsed
 * time, lays out the labels and renders once; it schedules the next frame only
 * while the viewport is still moving. Idle, nothing runs.
 *
 * Seats are kept in typed arrays (seat-store.ts) and drawn with level of
 * detail (seat-layer.ts): one cached picture while zoomed out, live seats
 * around the view once they are big enough to tap.
 *
 * Taps are read from the canvas's own DOM pointer events and resolved through
 * the HitIndex (an R-tree): no pixi object takes part in event hit testing.
 */

function sectionBounds(section: MapSection): Bounds {
  return unionBounds(section.outlines.map((o) => boundsOf(o)))
}

interface OverviewScene {
  kind: 'overview'
  sections: MapSection[]
  graphics: Graphics[]
  labels: (BitmapText | null)[]
  /** World bounds per section, for label fitting and zooming. */
  bounds: Bounds[]
  /** Where each label sits when the whole section is in view (its outline's label anchor). */
  anchors: ({ x: number; y: number } | null)[]
  byId: Map<number, number>
  strokeWidth: number
}

interface SeatsScene {
  kind: 'seats'
  /** The list as shown, an entry replaced when its seat changes state (for labels and inventory ids). */
  seats: MapSeat[]
  size: SeatSize
  store: SeatStore
  layer: SeatLayer
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
  quietSystemTicker()
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

  let destroyed = false
  let ready = false
  let labelsDirty = true
  let scene: OverviewScene | SeatsScene | null = null
  let contentBounds: Bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity }
  let fitScale = 1
  let hitIndex: HitIndex | null = null
  /** Hit indexes built: once per scene, never for a state change. */
  let indexBuilds = 0
  const seatLabels = new SeatLabels(labelLayer)
  const listeners = new Set<(selection: MapSelection) => void>()

  // --- render on demand -------------------------------------------------------

  const frames = new FrameScheduler(frame)
  const requestFrame = () => frames.request()
  /**
   * Frames actually drawn. A frame whose picture would be the one on screen
   * (the viewport did not move, nothing was marked changed) is not drawn: with
   * software compositing each WebGL frame costs the main thread a read-back.
   */
  let renders = 0
  let pictureChanged = true
  const drawn = { x: NaN, y: NaN, scale: NaN }
  /** Something other than the viewport's transform changed the picture. */
  const redraw = () => {
    pictureChanged = true
    frames.request()
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

  function frame(elapsed: number, now: number): boolean {
    // pixi's own periodic tasks (texture clean-up), now that its ticker is stopped.
    tickSystem(now)
    if (app.screen.width !== viewport.screenWidth || app.screen.height !== viewport.screenHeight) {
      pictureChanged = true
      viewport.resize(app.screen.width, app.screen.height)
      updateLimits()
      // The host settled on its size after the scene was fitted: fit again, unless the customer moved it.
      if (fitted) jumpTo(contentBounds)
    }
    viewport.update(elapsed)
    const moved = viewport.x !== drawn.x || viewport.y !== drawn.y || viewport.scale.x !== drawn.scale
    if (labelsDirty || moved || viewport.dirty) layoutLabels()
    if (moved || labelsDirty || viewport.dirty || pictureChanged) {
      viewport.dirty = false
      labelsDirty = false
      pictureChanged = false
      if (scene?.kind === 'seats') scene.layer.prepare(visibleContent(), viewport.scale.x, app.renderer.resolution)
      app.renderer.render({ container: app.stage })
      renders++
      Object.assign(drawn, { x: viewport.x, y: viewport.y, scale: viewport.scale.x })
    }
    // Mirrored on the element for tests and diagnostics: frames drawn, and by which renderer.
    host.dataset.renders = String(renders)
    if (!ready) {
      ready = true
      host.dataset.renderer = app.renderer.name
      host.dataset.seatmapReady = '1'
    }
    return stillMoving()
  }

  // pixi's resize plugin renders after resizing the canvas: route that through
  // the on-demand frame so every draw is counted and the viewport follows.
  app.render = redraw

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

  /** The part of the venue in view, in venue coordinates. */
  function visibleContent(): Bounds {
    const vb = viewport.getVisibleBounds()
    const from = toContent(vb.x, vb.y)
    return { minX: from.x, minY: from.y, maxX: from.x + vb.width, maxY: from.y + vb.height }
  }

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
    if (scene?.kind === 'seats') scene.layer.destroy()
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
    const stage = stageOf(list)
    // The stage or pitch is part of the picture: fitting the map keeps it in view.
    contentBounds = unionBounds(stage ? [...bounds, stage.bounds] : bounds)
    if (stage) host.dataset.stage = stage.kind
    else delete host.dataset.stage
    delete host.dataset.seatStates
    const extent = isEmptyBounds(contentBounds) ? 1 : Math.max(contentBounds.maxX - contentBounds.minX, contentBounds.maxY - contentBounds.minY)
    const overview: OverviewScene = {
      kind: 'overview',
      sections: list,
      graphics: [],
      labels: [],
      bounds,
      anchors: [],
      byId: new Map(list.map((s, i) => [s.id, i])),
      strokeWidth: extent * 0.0015,
    }
    if (stage) world.addChild(stageMarker(stage, overview.strokeWidth))
    list.forEach((section, i) => {
      const g = new Graphics({ eventMode: 'none' })
      overview.graphics.push(g)
      world.addChild(g)
      const outline = section.outlines.reduce<number[]>((best, o) => (o.length > best.length ? o : best), [])
      let label: BitmapText | null = null
      let anchor: { x: number; y: number } | null = null
      if (outline.length >= 6 && section.label) {
        anchor = labelAnchor(outline)
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
      overview.anchors.push(anchor)
      drawSection(overview, i)
    })
    scene = overview
    hitIndex = HitIndex.fromSections(list)
    indexBuilds++
    updateLimits()
    jumpTo(contentBounds)
  }

  function showSeats(seats: readonly MapSeat[], size: SeatSize, sectionOutline?: number[]): void {
    clearScene()
    const list = [...seats]
    const store = new SeatStore(list, size)
    const bounds = [store.bounds()]
    if (sectionOutline && sectionOutline.length >= 6) {
      const g = new Graphics({ eventMode: 'none' })
      const ob = boundsOf(sectionOutline)
      const extent = Math.max(ob.maxX - ob.minX, ob.maxY - ob.minY)
      g.poly(sectionOutline, true).fill({ color: 0xffffff, alpha: 0.04 }).stroke({ width: Math.max(extent * 0.003, size.width * 0.08), color: 0x8a93a3, alpha: 0.8 })
      world.addChild(g)
      bounds.push(ob)
    }
    contentBounds = unionBounds(bounds)
    const rowStarts = new Set<number>()
    const seenRows = new Set<string>()
    for (let i = 0; i < list.length; i++) {
      const row = list[i]!.row
      if (row !== null && row !== '' && !seenRows.has(row)) {
        seenRows.add(row)
        rowStarts.add(i)
      }
    }
    const index = HitIndex.fromSeats(list, size)
    indexBuilds++
    const canPicture = app.renderer.type === RendererType.WEBGL || app.renderer.type === RendererType.WEBGPU
    const layer = new SeatLayer(app.renderer, store, textures, (box) => index.inBox(box), canPicture)
    world.addChild(layer.root)
    delete host.dataset.labels
    delete host.dataset.stage
    const s: SeatsScene = { kind: 'seats', seats: list, size, store, layer, rowStarts }
    scene = s
    mirrorSeatStates(s)
    hitIndex = index
    updateLimits()
    jumpTo(contentBounds)
  }

  /**
   * How many seats are drawn in each state, on the element (`data-seat-states`),
   * for tests and diagnostics: what the customer sees offered is what the map drew.
   */
  function mirrorSeatStates(s: SeatsScene): void {
    const counts: Partial<Record<SeatState, number>> = {}
    for (const seat of s.seats) counts[seat.state] = (counts[seat.state] ?? 0) + 1
    host.dataset.seatStates = JSON.stringify(counts)
  }

  function setSeatStates(changes: readonly { index: number; state: SeatState }[]): void {
    if (scene?.kind !== 'seats' || changes.length === 0) return
    const s = scene
    let changed = false
    for (const { index, state } of changes) {
      if (!s.store.setState(index, state)) continue
      s.seats[index] = { ...s.seats[index]!, state }
      // Positions never move: the index only learns whether the seat may be picked.
      hitIndex?.setSelectable(index, s.store.selectable(index))
      changed = true
    }
    if (!changed) return
    mirrorSeatStates(s)
    s.layer.invalidate()
    labelsDirty = true
    redraw()
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
      o.sections[i] = { ...section, availability }
      hitIndex?.setSelectable(i, availability !== 'sold-out')
      drawSection(o, i)
      changed = true
    }
    if (changed) redraw()
  }

  // --- labels -----------------------------------------------------------------

  /** Section names: whole or not at all, never cut by the map's edge; what is shown is mirrored for tests. */
  function layoutSectionLabels(o: OverviewScene, scale: number): void {
    const shown = placeSectionLabels(o, {
      scale,
      fitScale,
      width: app.screen.width,
      height: app.screen.height,
      toScreen: (x, y) => viewport.toScreen(x + offset.x, y + offset.y),
      toContent: (x, y) => {
        const world = viewport.toWorld(x, y)
        return toContent(world.x, world.y)
      },
    })
    host.dataset.labels = JSON.stringify(shown)
  }

  function layoutLabels(): void {
    if (!scene) return
    const scale = viewport.scale.x
    if (scene.kind === 'overview') {
      layoutSectionLabels(scene, scale)
      return
    }
    let visible: number[] | null = null
    if (scene.size.width * scale >= 22 && hitIndex) visible = hitIndex.inBox(visibleContent())
    seatLabels.layout(scene, visible, scale)
  }

  // --- taps -------------------------------------------------------------------

  function hitTest(screenX: number, screenY: number): MapSelection | null {
    const index = hitIndex
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
    if (!seat || seat.inventoryId === null || !scene.store.selectable(found)) return null
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

  redraw()

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
      return {
        renders,
        renderer: app.renderer.name,
        items,
        indexBuilds,
        seatDetail: scene?.kind === 'seats' ? scene.layer.detail : null,
        seatPasses: scene?.kind === 'seats' ? scene.layer.passes : 0,
      }
    },
    resize(width: number, height: number) {
      if (destroyed || width <= 0 || height <= 0) return
      if (width === app.screen.width && height === app.screen.height) {
        // pixi's own resizeTo got there first: the next frame resizes the viewport (and refits).
        redraw()
        return
      }
      const centre = viewport.center
      app.renderer.resize(width, height)
      viewport.resize(width, height)
      updateLimits()
      if (fitted) jumpTo(contentBounds)
      else viewport.moveCenter(centre.x, centre.y)
      labelsDirty = true
      redraw()
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      frames.stop()
      stopWatchingTaps()
      listeners.clear()
      delete host.dataset.seatmapReady
      if (scene?.kind === 'seats') scene.layer.destroy()
      scene = null
      app.destroy(true, { children: true })
      for (const texture of Object.values(textures)) texture.destroy(true)
    },
  }
}
