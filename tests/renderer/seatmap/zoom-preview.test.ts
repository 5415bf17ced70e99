import { describe, expect, it, vi } from 'vitest'
import { previewTransform, WheelActivity, WHEEL_REST_MS } from '../../../renderer/src/seatmap/zoom-preview'

/**
 * The wheel-zoom preview: the CSS transform that shows the last picture as
 * the view now is, and when the wheel counts as resting (the map is then drawn).
 */
describe('previewTransform', () => {
  it('puts every point of the last picture where the view now shows it', () => {
    const drawn = { x: 40, y: -10, scale: 2 }
    const now = { x: -100, y: 30, scale: 3 }
    const match = /translate\(([-\d.]+)px, ([-\d.]+)px\) scale\(([\d.]+)\)/.exec(previewTransform(drawn, now))!
    const [tx, ty, k] = match.slice(1).map(Number) as [number, number, number]
    for (const p of [{ x: 0, y: 0 }, { x: 17, y: -4 }, { x: 250, y: 90 }]) {
      // Where the picture drew p, moved by the transform (origin top left) …
      const shown = { x: k * (drawn.scale * p.x + drawn.x) + tx, y: k * (drawn.scale * p.y + drawn.y) + ty }
      // … is where the view puts p now.
      expect(shown.x).toBeCloseTo(now.scale * p.x + now.x, 9)
      expect(shown.y).toBeCloseTo(now.scale * p.y + now.y, 9)
    }
  })

  it('is no change at all when the view has not moved', () => {
    expect(previewTransform({ x: 5, y: 6, scale: 1.5 }, { x: 5, y: 6, scale: 1.5 })).toBe('translate(0px, 0px) scale(1)')
  })
})

describe('WheelActivity', () => {
  it('turns with each notch and comes to rest once, a rest period after the last', () => {
    vi.useFakeTimers()
    try {
      const rested = vi.fn()
      const wheel = new WheelActivity(rested)
      expect(wheel.turning).toBe(false)
      for (let notch = 0; notch < 5; notch++) {
        wheel.turned()
        expect(wheel.turning).toBe(true)
        vi.advanceTimersByTime(50)
      }
      expect(rested).not.toHaveBeenCalled()
      vi.advanceTimersByTime(WHEEL_REST_MS)
      expect(wheel.turning).toBe(false)
      expect(rested).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })
})
