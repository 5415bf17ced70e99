import { Application, Container, Graphics } from 'pixi.js'
import { seatOutline } from '../../renderer/src/seatmap/geometry'
import type { MapSeat, MapSection, SeatSize } from '../../renderer/src/seatmap/model'

/**
 * The baseline the benchmark compares Foyer's seat map with: what a first
 * attempt looks like. One Graphics per seat or section, pixi's own per-object
 * event hit-testing (walking the scene graph), and pixi's default ticker that
 * renders every frame whether anything changed or not.
 */
export interface NaiveView {
  app: Application
  hitTest(x: number, y: number): number | null
  setSeatStates(changes: readonly { index: number; state: MapSeat['state'] }[]): void
  /** pixi's own events: a pointertap listener on every seat. */
  onSelect(listener: (index: number) => void): void
  showSeats(seats: readonly MapSeat[], size: SeatSize): void
  showOverview(sections: readonly MapSection[]): void
  destroy(): void
}

const tint: Record<MapSeat['state'], number> = {
  available: 0x9fd3a8,
  unavailable: 0x444a55,
  'offered-a': 0xffb547,
  'offered-b': 0x4fc3f7,
  chosen: 0x3ddc84,
}

export async function createNaiveView(host: HTMLElement, preference: 'webgl' | 'canvas'): Promise<NaiveView> {
  const app = new Application()
  await app.init({ preference, resizeTo: host, background: 0x10151f, antialias: true })
  host.appendChild(app.canvas)
  const world = new Container()
  world.eventMode = 'static'
  app.stage.addChild(world)
  app.stage.eventMode = 'static'
  const items: Graphics[] = []
  const listeners: ((index: number) => void)[] = []
  return {
    app,
    hitTest(x, y) {
      // pixi sets the root only on its first DOM pointer event.
      app.renderer.events.rootBoundary.rootTarget ??= app.stage
      const target = app.renderer.events.rootBoundary.hitTest(x, y)
      const index = target ? items.indexOf(target as Graphics) : -1
      return index >= 0 ? index : null
    },
    setSeatStates(changes) {
      for (const { index, state } of changes) {
        const g = items[index]
        if (g) g.tint = tint[state]
      }
    },
    onSelect: (listener) => void listeners.push(listener),
    destroy: () => app.destroy(true),
    ...builders(world, items, app, listeners),
  }
}

function builders(world: Container, items: Graphics[], app: Application, listeners: ((index: number) => void)[]) {
  const fitWorld = (minX: number, minY: number, maxX: number, maxY: number) => {
    const scale = Math.min(app.screen.width / (maxX - minX), app.screen.height / (maxY - minY)) * 0.95
    world.scale.set(scale)
    world.position.set(-minX * scale + (app.screen.width - (maxX - minX) * scale) / 2, -minY * scale + (app.screen.height - (maxY - minY) * scale) / 2)
  }
  return {
    showSeats(seats: readonly MapSeat[], size: SeatSize) {
      let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity]
      for (const seat of seats) {
        const points = seat.outline.length ? seat.outline : seatOutline(seat, size)
        const g = new Graphics().poly(points).fill(0xffffff)
        g.tint = tint[seat.state]
        g.eventMode = 'static'
        const index = items.length
        g.on('pointertap', () => listeners.forEach((listener) => listener(index)))
        world.addChild(g)
        items.push(g)
        for (let i = 0; i < points.length; i += 2) {
          minX = Math.min(minX, points[i]!)
          maxX = Math.max(maxX, points[i]!)
          minY = Math.min(minY, points[i + 1]!)
          maxY = Math.max(maxY, points[i + 1]!)
        }
      }
      fitWorld(minX, minY, maxX, maxY)
    },
    showOverview(sections: readonly MapSection[]) {
      let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity]
      for (const section of sections) {
        const g = new Graphics()
        for (const outline of section.outlines) {
          g.poly(outline).fill(Number.parseInt(section.colour.slice(1), 16))
          for (let i = 0; i < outline.length; i += 2) {
            minX = Math.min(minX, outline[i]!)
            maxX = Math.max(maxX, outline[i]!)
            minY = Math.min(minY, outline[i + 1]!)
            maxY = Math.max(maxY, outline[i + 1]!)
          }
        }
        g.eventMode = 'static'
        world.addChild(g)
        items.push(g)
      }
      fitWorld(minX, minY, maxX, maxY)
    },
  }
}
