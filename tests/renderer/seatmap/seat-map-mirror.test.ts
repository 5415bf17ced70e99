import { describe, expect, it } from 'vitest'
import { SeatMapMirror } from '../../../renderer/src/seatmap/seat-map-mirror'

/**
 * The seat map's diagnostics on its element, which E2E reads: frames drawn,
 * ready once, the stage, the section names shown (only once the view is
 * still) and the seats drawn in each state.
 */
const label = { text: 'Stalls', left: 1, top: 2, right: 30, bottom: 12 }

describe('SeatMapMirror', () => {
  it('counts frames drawn and marks the map ready once, by its renderer; destroyed, it is no longer ready', () => {
    const host = document.createElement('div')
    const mirror = new SeatMapMirror(host)
    mirror.drew()
    mirror.drew()
    mirror.framed('webgl')
    mirror.framed('canvas')
    expect([mirror.renders, host.dataset.renders, host.dataset.renderer, host.dataset.seatmapReady]).toEqual([2, '2', 'webgl', '1'])
    mirror.destroyed()
    expect(host.dataset.seatmapReady).toBeUndefined()
  })

  it('writes the section names laid out only when the view comes to rest, and each layout once', () => {
    const host = document.createElement('div')
    const mirror = new SeatMapMirror(host)
    mirror.labelsLaidOut([label])
    expect(host.dataset.labels).toBeUndefined()
    mirror.still()
    expect(JSON.parse(host.dataset.labels!)).toEqual([label])
    host.dataset.labels = 'read'
    mirror.still()
    expect(host.dataset.labels).toBe('read')
  })

  it('shows the overview with its stage and no seat counts; seats with their counts and no stage or names', () => {
    const host = document.createElement('div')
    const mirror = new SeatMapMirror(host)
    mirror.seatStates({ available: 3 })
    mirror.overviewShown({ kind: 'pitch', bounds: { minX: 0, minY: 0, maxX: 1, maxY: 1 } })
    expect([host.dataset.stage, host.dataset.seatStates]).toEqual(['pitch', undefined])
    mirror.labelsLaidOut([label])
    mirror.still()
    mirror.labelsLaidOut([label])
    mirror.seatsShown({ available: 2, chosen: 2 })
    mirror.still()
    expect([host.dataset.stage, host.dataset.labels]).toEqual([undefined, undefined])
    expect(JSON.parse(host.dataset.seatStates!)).toEqual({ available: 2, chosen: 2 })
    mirror.overviewShown(null)
    expect(host.dataset.stage).toBeUndefined()
  })
})
