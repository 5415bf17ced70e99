import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { idleSince, onPresence, whenQuiet } from '../../renderer/src/presence/presence'

/**
 * The one presence service: one set of document listeners however many
 * things count quiet time, each with its own timeout, each restarted by a touch.
 */
const touch = (type = 'pointerdown') => document.body.dispatchEvent(new Event(type, { bubbles: true }))

describe('presence', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('listens on the document once for any number of subscribers, and not at all once they leave', () => {
    const added = vi.spyOn(document, 'addEventListener')
    const removed = vi.spyOn(document, 'removeEventListener')
    const heard: string[] = []
    const stops = ['idle', 'counter', 'done'].map((who) => onPresence(() => heard.push(who)))
    expect(added.mock.calls.map(([name]) => name)).toEqual(['pointerdown', 'keydown', 'wheel', 'scroll'])
    touch('keydown')
    expect(heard).toEqual(['idle', 'counter', 'done'])
    for (const stop of stops) stop()
    expect(removed.mock.calls.map(([name]) => name)).toEqual(['pointerdown', 'keydown', 'wheel', 'scroll'])
    touch()
    expect(heard).toHaveLength(3)
  })

  it('tells each watcher when the screen was quiet for its own time, a touch starting every count again', () => {
    const quietFor: string[] = []
    const short = whenQuiet(() => 1_000, () => quietFor.push('short'))
    const long = whenQuiet(() => 5_000, () => quietFor.push('long'))
    vi.advanceTimersByTime(900)
    touch('wheel')
    vi.advanceTimersByTime(900)
    expect(quietFor).toEqual([])
    vi.advanceTimersByTime(200)
    expect(quietFor).toEqual(['short'])
    vi.advanceTimersByTime(4_000)
    expect(quietFor).toEqual(['short', 'long'])
    short.stop()
    long.stop()
  })

  it('reads the timeout again at each touch (a changed setting counts from the next touch), and does not count when told not to', () => {
    let seconds = 10
    let counting = true
    const quietFor: number[] = []
    const watch = whenQuiet(() => seconds * 1000, () => quietFor.push(seconds), () => counting)
    seconds = 2
    touch()
    vi.advanceTimersByTime(2_000)
    expect(quietFor).toEqual([2])
    counting = false
    watch.restart()
    vi.advanceTimersByTime(60_000)
    expect(quietFor).toEqual([2])
    watch.stop()
  })

  it('knows when the screen was last touched', () => {
    const stop = onPresence(() => {})
    const before = idleSince()
    vi.advanceTimersByTime(5_000)
    touch()
    expect(idleSince()).toBeGreaterThan(before)
    stop()
  })

  it('counts a scroll as someone there: the page or a list in it moving under a finger that went down long ago', () => {
    const quietFor: string[] = []
    const watch = whenQuiet(() => 10_000, () => quietFor.push('quiet'))
    const list = document.body.appendChild(document.createElement('ul'))
    // A finger down once, then dragging the page slowly: no new touch, only scrolling.
    for (let second = 0; second < 30; second += 5) {
      vi.advanceTimersByTime(5_000)
      // Scroll events do not bubble: the page's is the document's own, a list's its own.
      ;(second % 10 === 0 ? document : list).dispatchEvent(new Event('scroll'))
    }
    expect(quietFor).toEqual([])
    vi.advanceTimersByTime(10_000)
    expect(quietFor).toEqual(['quiet'])
    watch.stop()
    list.remove()
  })
})
