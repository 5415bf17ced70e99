import { Application, BitmapFontManager, getTestContext, RendererType } from 'pixi.js'
// Foyer's CSP forbids eval: this module swaps pixi's generated code for eval-free
// implementations (the name says what it replaces, not what it needs).
import 'pixi.js/unsafe-eval'
import { Viewport } from 'pixi-viewport'
import { quietSystemTicker } from './frame-scheduler'
import { destroyWithDrawings } from './scene-destroy'
import { COLOURS, installFont, makeSeatTextures, type SeatTextures } from './seat-map-style'
import type { SeatMapViewOptions } from './view-api'

export interface MapSurface {
  app: Application
  canvas: HTMLCanvasElement
  viewport: Viewport
  /** The seat textures drawn once for the surface, for every map it is lent to. */
  textures: SeatTextures
  /** A pointer's client position as a point on the host (CSS px). */
  hostPoint(clientX: number, clientY: number): { x: number; y: number }
  /** The map is done with it: its viewport (and all on it) is destroyed, the canvas blanked and taken off the host. */
  release(): void
}

/**
 * A pixi application, its canvas and its seat textures, kept for the page's
 * life. A kiosk shows a seat map to every customer, twice (the overview, then
 * the seats): an application made for each showed made a WebGL context each
 * (three a customer, counting pixi's probes), and a day of them grew the
 * renderer's memory by 40 MB every hundred purchases (issue #35). So the
 * application is lent to one map at a time and kept when it is given back;
 * a second is made only while two maps are on screen at once.
 */
interface SharedApp {
  app: Application
  textures: SeatTextures
}

/**
 * What an application lent to no map does, made here and not in lendMapSurface: a closure made there shares
 * that call's scope, host element included, and kept on the application it kept the last map's whole (now
 * detached) screen alive until the next map (bench:kiosk-day's heap snapshots).
 */
const drawNothing = (): void => {}
const pointNowhere = (point: { x: number; y: number }): void => {
  point.x = 0
  point.y = 0
}

/** What pixi's events keep of the last pointer (their fields are pixi's own, not in its typings' public face). */
interface PointerMemory {
  rootBoundary: { eventPool: Map<unknown, KeptEvent[]>; mappingState: { trackingData: Record<number, unknown> } }
  _rootPointerEvent: KeptEvent
  _rootWheelEvent: KeptEvent
}
type KeptEvent = Record<(typeof EVENT_REFERENCES)[number], unknown>
/** A federated event's fields that point at the browser's event, its DOM or the map's containers. */
const EVENT_REFERENCES = ['nativeEvent', 'originalEvent', 'srcElement', 'relatedTarget', 'target', 'currentTarget', 'path'] as const

/**
 * pixi keeps, until the next pointer, the last pointer's events (each with its browser event, whose path
 * holds that screen's DOM) and what the pointer was over and pressed (this map's containers, destroyed):
 * forgotten when the map is given back, or a kept application keeps the last customer's seat screen.
 */
function forgetPointers(events: unknown): void {
  const kept = events as PointerMemory
  const pooled = [...kept.rootBoundary.eventPool.values()].flat()
  for (const event of [...pooled, kept._rootPointerEvent, kept._rootWheelEvent]) for (const field of EVENT_REFERENCES) event[field] = null
  kept.rootBoundary.mappingState.trackingData = {}
}

/** pixi's garbage collector's lists of what the renderer holds on the GPU (pixi's own fields, too). */
interface ManagedHashes {
  _managedResourceHashes: { context: Record<string, Record<string, unknown>>; hash: string }[]
}

/**
 * Between customers, pixi's caches are brought back to what the next map needs: every sprite, graphic and
 * text a map made leaves a null in its renderer's hash of GPU objects, which pixi compacts only once a hash
 * holds ten thousand; and the bitmap font's layouts of every seat and section label measured (a thousand
 * kept). Left, a kiosk's JS heap climbed about a megabyte every hundred purchases (bench:kiosk-day).
 */
function compactCaches(gc: unknown): void {
  for (const { context, hash } of (gc as ManagedHashes)._managedResourceHashes) {
    const items = context[hash]!
    const kept: Record<string, unknown> = Object.create(null) as Record<string, unknown>
    for (const key in items) if (items[key] !== null) kept[key] = items[key]
    context[hash] = kept
  }
  BitmapFontManager.measureCache.clear()
}

/** Applications lent to no map now, by how they draw (renderer and background). */
const spare = new Map<string, SharedApp[]>()

async function makeSharedApp(options: SeatMapViewOptions): Promise<SharedApp> {
  const app = new Application()
  await app.init({
    preference: options.preference ?? 'webgl',
    antialias: true,
    autoStart: false,
    sharedTicker: false,
    background: options.background ?? COLOURS.background,
    resolution: Math.min(globalThis.devicePixelRatio || 1, 2),
    autoDensity: true,
  })
  app.ticker.stop()
  // pixi asked a context of its own what the GPU can do (once, cached) and would keep it for the page's
  // life: given back, so the map's own is the only one left alive (asked again, pixi makes a new one).
  if (app.renderer.type === RendererType.WEBGL) getTestContext()?.getExtension('WEBGL_lose_context')?.loseContext()
  quietSystemTicker()
  installFont()
  const canvas = app.canvas
  canvas.setAttribute('aria-hidden', 'true')
  canvas.style.display = 'block'
  canvas.style.touchAction = 'none'
  return { app, textures: makeSeatTextures() }
}

/**
 * The pixi application on `host` with no ticker of its own (the view draws on
 * demand, frame-scheduler.ts), and a new pixi-viewport that pans and zooms it,
 * reading every pointer against the host.
 */
export async function lendMapSurface(host: HTMLElement, options: SeatMapViewOptions): Promise<MapSurface> {
  const kind = `${options.preference ?? 'webgl'}/${options.background ?? COLOURS.background}`
  const shared = spare.get(kind)?.pop() ?? (await makeSharedApp(options))
  const { app } = shared
  const canvas = app.canvas
  // Until the view says how it draws, nothing is drawn (pixi's resize would draw the stage).
  app.render = drawNothing
  host.append(canvas)
  app.renderer.events.setTargetElement(canvas)
  app.resizeTo = host

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

  let released = false
  const release = () => {
    if (released) return
    released = true
    app.render = drawNothing
    // pixi's resize plugin stops following the host (and the window's resize events).
    app.resizeTo = null as unknown as HTMLElement
    destroyWithDrawings(viewport)
    // Kept, the host's mapping would keep the map's whole (now detached) screen alive until the next map.
    app.renderer.events.mapPositionToPoint = pointNowhere
    // Deaf while lent to no map: pixi hears pointers on the whole page, and would keep the next tap's (on
    // whatever screen) as it keeps every last pointer.
    app.renderer.events.setTargetElement(null as unknown as HTMLElement)
    forgetPointers(app.renderer.events)
    compactCaches(app.renderer.gc)
    // Blank, so the next map does not show this one's last picture before its own first frame.
    app.renderer.render({ container: app.stage })
    canvas.style.transform = ''
    canvas.remove()
    spare.set(kind, [...(spare.get(kind) ?? []), shared])
  }
  return { app, canvas, viewport, textures: shared.textures, hostPoint, release }
}

/** Whether the viewport is still moving by itself or under a finger: the next frame is needed. */
export function viewportMoving(viewport: Viewport): boolean {
  const plugins = viewport.plugins
  return (
    viewport.moving === true ||
    viewport.zooming === true ||
    plugins.get('decelerate')?.isActive() === true ||
    Boolean(plugins.get('animate')) ||
    plugins.get('bounce')?.isActive() === true
  )
}
