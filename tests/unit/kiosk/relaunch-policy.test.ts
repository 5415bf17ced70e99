import { describe, expect, it } from 'vitest'
import { RelaunchPolicy } from '../../../electron/kiosk/relaunch-policy'

/** Times here are a fake monotonic clock passed in; nothing waits. */
describe('renderer relaunch policy', () => {
  it('backs off 1 s, 2 s, 4 s … up to the cap, then gives up instead of looping', () => {
    const policy = new RelaunchPolicy({ firstDelayMs: 1000, maxDelayMs: 8000, maxInARow: 5, quietResetMs: 600_000 })
    const delays = [0, 1, 2, 3, 4].map((i) => policy.next(i * 1000))
    expect(delays.map((d) => (d.action === 'reload' ? d.delayMs : null))).toEqual([1000, 2000, 4000, 8000, 8000])
    expect(policy.next(6000)).toEqual({ action: 'give-up', attempts: 5 })
    expect(policy.next(7000)).toMatchObject({ action: 'give-up' })
  })

  it('starts afresh after a quiet spell', () => {
    const policy = new RelaunchPolicy({ firstDelayMs: 1000, maxInARow: 2, quietResetMs: 60_000 })
    policy.next(0)
    policy.next(10)
    expect(policy.next(20)).toMatchObject({ action: 'give-up' })
    expect(policy.next(20 + 60_000)).toEqual({ action: 'reload', delayMs: 1000, attempt: 1 })
  })
})
