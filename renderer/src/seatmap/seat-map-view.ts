import { Application, Container, RendererType } from 'pixi.js'
// Foyer's CSP forbids eval: this module swaps pixi's generated code for eval-free
// implementations (the name says what it replaces, not what it needs).
import 'pixi.js/unsafe-eval'
import { Viewport } from 'pixi-viewport'
import { FrameScheduler, quietSystemTicker, tickSystem } from './frame-scheduler'
import type { Bounds } from './geometry'
import type { HitIndex } from './hit-index'
import { MapCamera } from './map-camera'
import type { MapSeat, MapSection, MapSelection, SeatSize, SeatState } from './model'
import { buildOverview, setSectionAvailability as applySectionAvailability, type OverviewScene } from './overview-scene'
import { SeatLabels } from './seat-labels'
import { COLOURS, installFont, makeSeatTextures } from './seat-map-style'
import { buildSeats, setSeatStates as applySeatStates, type SeatsScene } from './seats-scene'
import { placeSectionLabels, type ShownLabel } from './section-labels'
import { selectionAt } from './selection'
import { watchTaps } from './tap-gesture'
import { previewTransform, WheelActivity } from './zoom-preview'
import type { SeatMapStats, SeatMapView, SeatMapViewOptions } from './view-api'

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
 * Taps are read from the canvas's own DOM pointer events (tap-gesture.ts) and
 * resolved through the HitIndex, an R-tree (selection.ts): no pixi object takes
 * part in event hit testing.
 *
 * This module wires the parts together: the scenes (overview-scene.ts,
 * seats-scene.ts), the camera (map-camera.ts), the labels (section-labels.ts,
 * seat-labels.ts) and the frames.
 */

/** A tap's allowed wobble (CSS px). */
const TAP_SLOP_PX = 10

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

  // Pointer positions are read against the host, not the canvas: while a wheel
  // zoom is previewed the canvas is CSS-transformed, and its own box would put
  // every pointer somewhere else (pixi's events and pixi-viewport's wheel and
  // drags read positions through this).
  const hostPoint = (clientX: number, clientY: number) => {
    const rect = host.getBoundingClientRect()
    return { x: clientX - rect.left - host.clientLeft, y: clientY - rect.top - host.clientTop }
  }
  app.renderer.events.mapPositionToPoint = (point, x, y) => {
    const p = hostPoint(x, y)
    point.x = p.x
    point.y = p.y
  }

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
  /** Section names laid out since they were last written on the element (data-labels). */
  let shownLabels: ShownLabel[] | null = null
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

  /** While the wheel turns, the last picture is scaled by the compositor instead of drawn again (zoom-preview.ts). */
  const wheel = new WheelActivity(() => requestFrame(), options.wheelRestMs)
  const onWheel = () => wheel.turned()
  canvas.addEventListener('wheel', onWheel, { passive: true, capture: true })
  let previewing = false
  const endPreview = () => {
    if (!previewing) return
    previewing = false
    canvas.style.transform = ''
  }

  function frame(elapsed: number, now: number): boolean {
    // pixi's own periodic tasks (texture clean-up), now that its ticker is stopped.
    tickSystem(now)
    if (app.screen.width !== viewport.screenWidth || app.screen.height !== viewport.screenHeight) {
      pictureChanged = true
      viewport.resize(app.screen.width, app.screen.height)
      camera.updateLimits()
      // The host settled on its size after the scene was fitted: fit again, unless the customer moved it.
      if (camera.fitted) camera.jumpTo(camera.content)
    }
    viewport.update(elapsed)
    const moved = viewport.x !== drawn.x || viewport.y !== drawn.y || viewport.scale.x !== drawn.scale
    if (moved && wheel.turning && !labelsDirty && !pictureChanged && Number.isFinite(drawn.scale)) {
      // Only the view moved, by the wheel: preview it; the map is drawn when the wheel rests.
      previewing = true
      canvas.style.transformOrigin = '0 0'
      canvas.style.transform = previewTransform(drawn, { x: viewport.x, y: viewport.y, scale: viewport.scale.x })
      return stillMoving()
    }
    if (moved || labelsDirty || viewport.dirty || pictureChanged) {
      const inView = camera.visibleContent()
      layoutLabels(inView)
      viewport.dirty = false
      labelsDirty = false
      pictureChanged = false
      if (scene?.kind === 'seats') scene.layer.prepare(inView, viewport.scale.x, app.renderer.resolution)
      app.renderer.render({ container: app.stage })
      endPreview()
      renders++
      Object.assign(drawn, { x: viewport.x, y: viewport.y, scale: viewport.scale.x })
      // Mirrored on the element for tests and diagnostics: frames drawn, and by which renderer.
      host.dataset.renders = String(renders)
    }
    if (!ready) {
      ready = true
      host.dataset.renderer = app.renderer.name
      host.dataset.seatmapReady = '1'
    }
    const moving = stillMoving()
    // The section names shown, for tests: written once the view is still, not at every frame of a move.
    if (!moving && shownLabels !== null) {
      host.dataset.labels = JSON.stringify(shownLabels)
      shownLabels = null
    }
    return moving
  }

  // pixi's resize plugin renders after resizing the canvas: route that through
  // the on-demand frame so every draw is counted and the viewport follows.
  app.render = redraw

  for (const event of ['moved', 'zoomed', 'drag-end', 'pinch-end', 'wheel-scroll', 'snap-end', 'bounce-x-end', 'bounce-y-end'] as const) {
    viewport.on(event, requestFrame)
  }

  // --- where the map looks ----------------------------------------------------

  const camera = new MapCamera(
    viewport,
    () => app.screen,
    [world, labelLayer],
    (fitScale) =>
      scene?.kind === 'seats'
        ? // A seat about 90 CSS px wide: its label reads comfortably.
          Math.max(fitScale * 2, 90 / Math.max(scene.size.width, 1e-6))
        : Math.max(fitScale * 12, 1e-6),
    () => {
      labelsDirty = true
      requestFrame()
    },
  )

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

  function showOverview(sections: readonly MapSection[]): void {
    clearScene()
    const built = buildOverview(sections, world, labelLayer)
    if (built.stage) host.dataset.stage = built.stage.kind
    else delete host.dataset.stage
    delete host.dataset.seatStates
    scene = built.scene
    hitIndex = built.index
    indexBuilds++
    camera.content = built.contentBounds
    camera.updateLimits()
    camera.jumpTo(camera.content)
  }

  function showSeats(seats: readonly MapSeat[], size: SeatSize, sectionOutline?: number[]): void {
    clearScene()
    const canPicture = app.renderer.type === RendererType.WEBGL || app.renderer.type === RendererType.WEBGPU
    const built = buildSeats(seats, size, sectionOutline, { world, renderer: app.renderer, textures, canPicture })
    indexBuilds++
    shownLabels = null
    delete host.dataset.labels
    delete host.dataset.stage
    scene = built.scene
    hitIndex = built.index
    mirrorSeatStates(built.scene)
    camera.content = built.contentBounds
    camera.updateLimits()
    camera.jumpTo(camera.content)
  }

  /**
   * How many seats are drawn in each state, on the element (`data-seat-states`),
   * for tests and diagnostics: what the customer sees offered is what the map drew.
   */
  function mirrorSeatStates(s: SeatsScene): void {
    host.dataset.seatStates = JSON.stringify(s.store.stateCounts())
  }

  function setSeatStates(changes: readonly { index: number; state: SeatState }[]): void {
    if (scene?.kind !== 'seats' || !hitIndex || !applySeatStates(scene, changes, hitIndex)) return
    mirrorSeatStates(scene)
    labelsDirty = true
    redraw()
  }

  function setSectionAvailability(changes: readonly { id: number; availability: MapSection['availability'] }[]): void {
    if (scene?.kind !== 'overview' || !hitIndex) return
    if (applySectionAvailability(scene, changes, hitIndex)) redraw()
  }

  // --- labels -----------------------------------------------------------------

  /** Section names: whole or not at all, never cut by the map's edge; what is shown is mirrored for tests. */
  function layoutSectionLabels(o: OverviewScene, scale: number): void {
    const shown = placeSectionLabels(o, {
      scale,
      fitScale: camera.fitScale,
      width: app.screen.width,
      height: app.screen.height,
      toScreen: (x, y) => viewport.toScreen(x + camera.offset.x, y + camera.offset.y),
      toContent: (x, y) => camera.contentAt(x, y),
    })
    shownLabels = shown
  }

  function layoutLabels(inView: Bounds): void {
    if (!scene) return
    const scale = viewport.scale.x
    if (scene.kind === 'overview') {
      layoutSectionLabels(scene, scale)
      return
    }
    let visible: number[] | null = null
    if (scene.size.width * scale >= 22 && hitIndex) visible = hitIndex.inBox(inView)
    seatLabels.layout(scene, visible, scale)
  }

  // --- taps -------------------------------------------------------------------

  function hitTest(screenX: number, screenY: number): MapSelection | null {
    if (!scene || !hitIndex) return null
    return selectionAt(scene, hitIndex, camera.contentAt(screenX, screenY), fingerRadius / viewport.scale.x)
  }

  const stopWatchingTaps = watchTaps(canvas, {
    slopPx: TAP_SLOP_PX,
    position: hostPoint,
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
        if (i !== undefined) camera.animateTo(scene.bounds[i]!)
      } else {
        camera.animateTo(camera.content)
      }
    },
    fit() {
      camera.jumpTo(camera.content)
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
      camera.updateLimits()
      if (camera.fitted) camera.jumpTo(camera.content)
      else viewport.moveCenter(centre.x, centre.y)
      labelsDirty = true
      redraw()
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      frames.stop()
      wheel.stop()
      canvas.removeEventListener('wheel', onWheel, { capture: true })
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
