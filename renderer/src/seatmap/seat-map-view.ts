import { Container, RendererType } from 'pixi.js'
import { frameAction } from './frame-decision'
import { FrameScheduler, tickSystem } from './frame-scheduler'
import type { Bounds } from './geometry'
import { MapCamera } from './map-camera'
import { lendMapSurface, viewportMoving } from './map-surface'
import type { MapSeat, MapSection, MapSelection, SeatSize, SeatState } from './model'
import { SeatMapMirror } from './seat-map-mirror'
import { ShownScene } from './shown-scene'
import { watchTaps } from './tap-gesture'
import { WheelPreview } from './zoom-preview'
import type { SeatMapStats, SeatMapView, SeatMapViewOptions } from './view-api'

/**
 * The seat map drawn with pixi.js v8 and pixi-viewport.
 *
 * Render on demand (frame-scheduler.ts): no pixi ticker runs (map-surface.ts).
 * Whatever changes the picture — a drag or pinch (the viewport's
 * `moved`/`zoomed` events), a state change, a resize — calls `requestFrame()`
 * (or `redraw()`, which also marks the picture changed), which schedules at
 * most one requestAnimationFrame. That frame advances the viewport's plugins
 * (deceleration, animation, clamping) by the real elapsed time, then draws,
 * previews or does nothing (frame-decision.ts); it schedules the next frame
 * only while the viewport is still moving. Idle, nothing runs.
 *
 * Seats are kept in typed arrays (seat-arrays.ts) and drawn with level of
 * detail (seat-layer.ts): one cached picture while zoomed out, live seats
 * around the view once they are big enough to tap.
 *
 * Taps are read from the canvas's own DOM pointer events (tap-gesture.ts) and
 * resolved through the scene's HitIndex, an R-tree (shown-scene.ts): no pixi
 * object takes part in event hit testing.
 *
 * The pixi application is lent for the view's life, not made for it
 * (map-surface.ts): a kiosk keeps one WebGL context all day.
 *
 * This module wires the parts together: the scene shown (shown-scene.ts), the
 * camera (map-camera.ts), the section labels (section-labels.ts), the frames,
 * and the diagnostics on the host element (seat-map-mirror.ts).
 */

/** A tap's allowed wobble (CSS px). */
const TAP_SLOP_PX = 10

export async function createSeatMapView(host: HTMLElement, options: SeatMapViewOptions = {}): Promise<SeatMapView> {
  const fingerRadius = options.fingerRadius ?? 22
  const surface = await lendMapSurface(host, options)
  const { app, canvas, viewport, hostPoint, textures } = surface

  const world = new Container({ eventMode: 'none', interactiveChildren: false })
  const labelLayer = new Container({ eventMode: 'none', interactiveChildren: false })
  viewport.addChild(world, labelLayer)

  const shown = new ShownScene(world, labelLayer)
  const mirror = new SeatMapMirror(host)
  const listeners = new Set<(selection: MapSelection) => void>()
  let destroyed = false
  let labelsDirty = true
  let pictureChanged = true

  // --- render on demand -------------------------------------------------------

  const frames = new FrameScheduler(frame)
  const requestFrame = () => frames.request()
  /** The view's transform when the picture on screen was drawn. */
  const drawn = { x: NaN, y: NaN, scale: NaN }
  /** Something other than the viewport's transform changed the picture. */
  const redraw = () => {
    pictureChanged = true
    frames.request()
  }
  const preview = new WheelPreview(canvas, requestFrame, options.wheelRestMs)

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
    const view = { x: viewport.x, y: viewport.y, scale: viewport.scale.x }
    const action = frameAction({ drawn, now: view, wheelTurning: preview.turning, pictureChanged, labelsDirty, viewportDirty: viewport.dirty })
    if (action === 'preview') {
      preview.show(drawn, view)
      return viewportMoving(viewport)
    }
    if (action === 'draw') draw(view)
    mirror.framed(app.renderer.name)
    const moving = viewportMoving(viewport)
    if (!moving) mirror.still()
    return moving
  }

  function draw(view: { x: number; y: number; scale: number }): void {
    const inView = camera.visibleContent()
    layoutLabels(inView)
    viewport.dirty = false
    labelsDirty = false
    pictureChanged = false
    const scene = shown.scene
    if (scene?.kind === 'seats') scene.layer.prepare(inView, viewport.scale.x, app.renderer.resolution)
    app.renderer.render({ container: app.stage })
    preview.end()
    Object.assign(drawn, view)
    mirror.drew()
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
      shown.scene?.kind === 'seats'
        ? // A seat about 90 CSS px wide: its label reads comfortably.
          Math.max(fitScale * 2, 90 / Math.max(shown.scene.size.width, 1e-6))
        : Math.max(fitScale * 12, 1e-6),
    () => {
      labelsDirty = true
      requestFrame()
    },
  )

  function fitNewScene(content: Bounds): void {
    camera.content = content
    camera.updateLimits()
    camera.jumpTo(camera.content)
  }

  // --- scenes ---------------------------------------------------------------

  function showOverview(sections: readonly MapSection[]): void {
    viewport.plugins.remove('animate')
    const built = shown.showOverview(sections)
    mirror.overviewShown(built.stage)
    fitNewScene(built.contentBounds)
  }

  function showSeats(seats: readonly MapSeat[], size: SeatSize, sectionOutline?: number[]): void {
    viewport.plugins.remove('animate')
    const canPicture = app.renderer.type === RendererType.WEBGL || app.renderer.type === RendererType.WEBGPU
    const built = shown.showSeats(seats, size, sectionOutline, { renderer: app.renderer, textures, canPicture })
    mirror.seatsShown(built.scene.seatArrays.stateCounts())
    fitNewScene(built.contentBounds)
  }

  function setSeatStates(changes: readonly { index: number; state: SeatState }[]): void {
    const changed = shown.setSeatStates(changes)
    if (!changed) return
    mirror.seatStates(changed.seatArrays.stateCounts())
    labelsDirty = true
    redraw()
  }

  // --- labels -----------------------------------------------------------------

  function layoutLabels(inView: Bounds): void {
    const names = shown.layoutLabels(inView, {
      scale: viewport.scale.x,
      fitScale: camera.fitScale,
      width: app.screen.width,
      height: app.screen.height,
      toScreen: (x, y) => viewport.toScreen(x + camera.offset.x, y + camera.offset.y),
      toContent: (x, y) => camera.contentAt(x, y),
    })
    // The section names shown are mirrored for tests.
    if (names) mirror.labelsLaidOut(names)
  }

  // --- taps -------------------------------------------------------------------

  function hitTest(screenX: number, screenY: number): MapSelection | null {
    return shown.selectionAt(camera.contentAt(screenX, screenY), fingerRadius / viewport.scale.x)
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
    setSectionAvailability(changes) {
      if (shown.setSectionAvailability(changes)) redraw()
    },
    zoomToSection(id: number) {
      const scene = shown.scene
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
      const scene = shown.scene
      return {
        renders: mirror.renders,
        renderer: app.renderer.name,
        items: shown.items,
        indexBuilds: shown.indexBuilds,
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
      preview.stop()
      stopWatchingTaps()
      listeners.clear()
      mirror.destroyed()
      shown.destroy()
      // The surface (pixi's application, its WebGL context, the seat textures) is kept for the next map.
      surface.release()
    },
  }
}
