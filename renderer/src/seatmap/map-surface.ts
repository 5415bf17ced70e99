import { Application } from 'pixi.js'
// Foyer's CSP forbids eval: this module swaps pixi's generated code for eval-free
// implementations (the name says what it replaces, not what it needs).
import 'pixi.js/unsafe-eval'
import { Viewport } from 'pixi-viewport'
import { quietSystemTicker } from './frame-scheduler'
import { COLOURS, installFont } from './seat-map-style'
import type { SeatMapViewOptions } from './view-api'

export interface MapSurface {
  app: Application
  canvas: HTMLCanvasElement
  viewport: Viewport
  /** A pointer's client position as a point on the host (CSS px). */
  hostPoint(clientX: number, clientY: number): { x: number; y: number }
}

/**
 * The pixi application on `host` with no ticker of its own (the view draws on
 * demand, frame-scheduler.ts), and the pixi-viewport that pans and zooms it,
 * reading every pointer against the host.
 */
export async function createMapSurface(host: HTMLElement, options: SeatMapViewOptions): Promise<MapSurface> {
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
  return { app, canvas, viewport, hostPoint }
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
