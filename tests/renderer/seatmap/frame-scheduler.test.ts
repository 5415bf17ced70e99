import { Ticker } from 'pixi.js'
import { afterEach, describe, expect, it } from 'vitest'
import { FrameScheduler, quietSystemTicker, type FrameClock } from '../../../renderer/src/seatmap/frame-scheduler'

/** A frame clock the test advances by hand: what is scheduled, and running it. */
function manualClock() {
  const queue = new Map<number, (now: number) => void>()
  let next = 1
  const clock: FrameClock = {
    request(callback) {
      queue.set(next, callback)
      return next++
    },
    cancel: (id) => void queue.delete(id),
  }
  const runFrame = (now: number) => {
    const callbacks = [...queue.values()]
    queue.clear()
    for (const callback of callbacks) callback(now)
  }
  return { clock, runFrame, scheduled: () => queue.size }
}

describe('FrameScheduler: render on demand', () => {
  it('schedules nothing until asked, and one frame however often it is asked', () => {
    const { clock, runFrame, scheduled } = manualClock()
    const drawn: number[] = []
    const frames = new FrameScheduler((elapsed) => (drawn.push(elapsed), false), clock)
    expect(scheduled()).toBe(0)
    frames.request()
    frames.request()
    frames.request()
    expect(scheduled()).toBe(1)
    runFrame(1000)
    expect(drawn).toHaveLength(1)
    expect(frames.frames).toBe(1)
  })

  it('keeps drawing only while something moves, then runs no callback at all', () => {
    const { clock, runFrame, scheduled } = manualClock()
    let moving = 3
    const drawn: number[] = []
    const frames = new FrameScheduler((elapsed) => (drawn.push(elapsed), --moving > 0), clock)
    frames.request()
    runFrame(1000)
    runFrame(1016)
    runFrame(1050)
    expect(drawn).toHaveLength(3)
    // The elapsed time of a run is real time between its frames, the first counted as one 60 Hz frame.
    expect(drawn[0]).toBeCloseTo(1000 / 60)
    expect(drawn.slice(1)).toEqual([16, 34])
    expect(scheduled(), 'nothing scheduled once still').toBe(0)
    // Idle for ever: no frame.
    runFrame(5000)
    expect(drawn).toHaveLength(3)
    // The next change starts a new run, not a huge step from the last frame.
    moving = 1
    frames.request()
    runFrame(9000)
    expect(drawn[3]).toBeCloseTo(1000 / 60)
  })

  it('draws nothing after stop, and cancels what was scheduled', () => {
    const { clock, runFrame, scheduled } = manualClock()
    let drawn = 0
    const frames = new FrameScheduler(() => (drawn++, true), clock)
    frames.request()
    frames.stop()
    expect(scheduled()).toBe(0)
    frames.request()
    runFrame(1)
    expect(drawn).toBe(0)
  })
})

describe("quietSystemTicker: pixi's shared system ticker", () => {
  afterEach(() => Ticker.system.remove(noop))
  const noop = () => {}

  it('stops, and stays stopped when pixi adds listeners (events, texture clean-up)', () => {
    quietSystemTicker()
    expect(Ticker.system.started).toBe(false)
    Ticker.system.add(noop)
    expect(Ticker.system.started, 'a listener does not start it again').toBe(false)
  })

  it('still runs its listeners when the view ticks it in its own frame', () => {
    quietSystemTicker()
    let calls = 0
    const listener = () => calls++
    Ticker.system.add(listener)
    Ticker.system.update(performance.now() + 1000)
    Ticker.system.remove(listener)
    expect(calls).toBe(1)
  })
})
