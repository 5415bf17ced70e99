import { describe, expect, it } from 'vitest'
import type { ServiceRule } from '../../../hub/protocol'
import { closureAt, showCutOffAt } from '../../../electron/hub-link/service-rules'

/** Main's reading of the box office's service rules on the device's clock (the device side: hub-profile.test.ts). */
const hours = (opens: string, closes: string, timeZone = 'Asia/Singapore'): ServiceRule => ({ kind: 'hours', opens, closes, timeZone, message: `open ${opens}-${closes}` })
const at = (iso: string) => Date.parse(iso)

describe('service rules, decided by main', () => {
  it("reads opening hours in the venue's zone, closing at the minute they end and opening at the minute they start", () => {
    const day = [hours('10:00', '22:00')]
    expect(closureAt(day, at('2026-11-26T09:59:00+08:00'))).toEqual({ message: 'open 10:00-22:00' })
    expect(closureAt(day, at('2026-11-26T10:00:00+08:00'))).toBeNull()
    expect(closureAt(day, at('2026-11-26T21:59:59+08:00'))).toBeNull()
    expect(closureAt(day, at('2026-11-26T22:00:00+08:00'))).toEqual({ message: 'open 10:00-22:00' })
    // 14:00 UTC is 22:00 in Singapore: the venue's zone, not the machine's.
    expect(closureAt(day, at('2026-11-26T14:00:00Z'))).not.toBeNull()
  })

  it('runs hours that close before they open across midnight; equal hours never close', () => {
    const night = [hours('18:00', '02:00')]
    expect(closureAt(night, at('2026-11-26T23:30:00+08:00'))).toBeNull()
    expect(closureAt(night, at('2026-11-27T01:59:00+08:00'))).toBeNull()
    expect(closureAt(night, at('2026-11-27T02:00:00+08:00'))).not.toBeNull()
    expect(closureAt([hours('00:00', '00:00')], at('2026-11-27T03:00:00+08:00'))).toBeNull()
  })

  it('closes from a time on, or now; a zone the machine cannot read closes nothing', () => {
    const later: ServiceRule = { kind: 'closed', from: '2026-11-26T21:00:00+08:00', message: 'Closed for the gala' }
    expect(closureAt([later], at('2026-11-26T20:59:59+08:00'))).toBeNull()
    expect(closureAt([later], at('2026-11-26T21:00:00+08:00'))).toEqual({ message: 'Closed for the gala' })
    expect(closureAt([{ kind: 'closed', from: null, message: 'Closed' }], 0)).toEqual({ message: 'Closed' })
    expect(closureAt([hours('10:00', '11:00', 'Nowhere/Atlantis')], at('2026-11-26T03:00:00+08:00'))).toBeNull()
  })

  it("stops selling a show N minutes before it starts, from that minute on, without closing the device; the first cut-off that closes it speaks", () => {
    const show = at('2026-11-26T19:30:00+08:00')
    const thirty: ServiceRule = { kind: 'showCutoff', minutesBefore: 30, message: 'Tickets for tonight are on sale at the box office' }
    const hour: ServiceRule = { kind: 'showCutoff', minutesBefore: 60, message: 'Kiosks stop an hour before' }
    expect(showCutOffAt([thirty], show, at('2026-11-26T18:59:59+08:00'))).toBeNull()
    expect(showCutOffAt([thirty], show, at('2026-11-26T19:00:00+08:00'))).toEqual({ message: thirty.message })
    expect(showCutOffAt([thirty], show, at('2026-11-26T20:00:00+08:00'))).toEqual({ message: thirty.message })
    expect(showCutOffAt([thirty, hour], show, at('2026-11-26T18:45:00+08:00'))).toEqual({ message: hour.message })
    expect(showCutOffAt([hours('10:00', '22:00')], show, show)).toBeNull()
    expect(closureAt([thirty], show)).toBeNull()
  })
})
