import { describe, expect, it } from 'vitest'
import { VendorClock } from '../../../electron/api/vendor-clock'

/**
 * The vendor's clock as the kiosk learns it from Date headers (one-second
 * resolution, written somewhere between sending and receiving). The local
 * clock here is a number the test sets; the vendor's is `vendor`.
 */
function rig(initialOffsetMs: number) {
  let local = 1_800_000_000_000
  let offsetMs = initialOffsetMs
  const clock = new VendorClock(() => local)
  /** One exchange taking `rttMs`, the vendor writing its header `atMs` into it. */
  const answer = (rttMs = 40, atMs = 20, header?: string) => {
    const sentAt = local
    const vendorAtWrite = sentAt + atMs + offsetMs
    local += rttMs
    clock.observe(header ?? new Date(Math.floor(vendorAtWrite / 1000) * 1000).toUTCString(), sentAt, local)
  }
  /** The kiosk's clock is set by `ms`; the vendor's goes on as it was. */
  const stepKiosk = (ms: number) => {
    local += ms
    offsetMs -= ms
  }
  return { clock, answer, stepKiosk, advance: (ms: number) => (local += ms), vendorNow: () => local + offsetMs }
}

describe('the vendor clock', () => {
  it('is the local clock until an answer tells the vendor’s time', () => {
    const { clock } = rig(600_000)
    expect(clock.learned).toBe(false)
    expect(clock.offsetMs).toBe(0)
  })

  for (const offset of [600_000, -600_000, 0, 1_234]) {
    it(`learns an offset of ${offset} ms to within a second from one answer, and closer from a few`, () => {
      const { clock, answer, advance, vendorNow } = rig(offset)
      answer()
      expect(clock.learned).toBe(true)
      expect(Math.abs(clock.now() - vendorNow())).toBeLessThanOrEqual(1_000)
      for (let i = 0; i < 20; i++) {
        advance(137)
        answer(30, 10)
      }
      expect(Math.abs(clock.now() - vendorNow())).toBeLessThanOrEqual(600)
    })
  }

  it('learns nothing from a missing or garbled Date header', () => {
    const { clock, answer, vendorNow } = rig(600_000)
    for (const header of ['', 'yesterday', 'Thu, 99 Foo 2026 99:99:99 GMT']) answer(40, 20, header)
    expect(clock.learned).toBe(false)
    answer()
    for (const header of ['', 'not a date']) answer(40, 20, header)
    expect(Math.abs(clock.now() - vendorNow())).toBeLessThanOrEqual(1_000)
  })

  it('is not moved by one odd header, but follows a clock that was really stepped', () => {
    const { clock, answer, stepKiosk, vendorNow } = rig(0)
    answer()
    answer(40, 20, new Date(vendorNow() + 3_600_000).toUTCString())
    expect(Math.abs(clock.now() - vendorNow())).toBeLessThanOrEqual(1_000)
    // The kiosk's clock is stepped back five minutes (an NTP correction): every answer says so from now on.
    stepKiosk(-300_000)
    answer()
    expect(Math.abs(clock.now() - vendorNow())).toBeGreaterThan(200_000)
    answer()
    expect(Math.abs(clock.now() - vendorNow())).toBeLessThanOrEqual(1_000)
  })
})
