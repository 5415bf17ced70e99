import { describe, expect, it } from 'vitest'
import { decideUpdate, mayInstall, reportOf, type UpdateSituation } from '../../../electron/services/update-decision'
import { HubUpdateOrders } from '../../../electron/hub-link/update-orders'

/**
 * The device's side of a rollout (issue #36 §4): what the updater does with the hub's order, the feed's
 * offer and what it downloaded; the moment of the install stays the sale gate's (update-gate.test.ts).
 */
const idle: UpdateSituation = { order: undefined, current: '1.4.0', offered: null, downloaded: null, failed: null }
const take = (version: string | null, allowDowngrade = false) => ({ order: { version, allowDowngrade } })

describe('the updater under a rollout', () => {
  it('follows its feed as before when no rollout covers it', () => {
    expect(decideUpdate(idle)).toEqual({ do: 'follow-feed' })
    expect(reportOf(decideUpdate(idle))).toBeUndefined()
    expect(mayInstall(undefined, '1.6.0')).toBe(true)
  })

  it('takes nothing when the hub says none now, or it runs the version already', () => {
    expect(decideUpdate({ ...idle, ...take(null) })).toEqual({ do: 'stay' })
    expect(decideUpdate({ ...idle, ...take('1.4.0', true) })).toEqual({ do: 'stay' })
    expect(reportOf({ do: 'stay' })).toEqual({ state: 'idle' })
    // Downloaded before the hold: never installed, on quit either.
    expect(mayInstall({ version: null, allowDowngrade: false }, '1.5.0')).toBe(false)
    expect(mayInstall({ version: '1.5.1', allowDowngrade: false }, '1.5.0')).toBe(false)
    expect(mayInstall({ version: '1.5.0', allowDowngrade: false }, '1.5.0')).toBe(true)
  })

  it('checks the feed for the ordered version, downloads it when offered, installs it at rest', () => {
    const ordered = { ...idle, ...take('1.5.0') }
    expect(decideUpdate(ordered)).toEqual({ do: 'check', version: '1.5.0', allowDowngrade: false })
    // What was found for another version is no answer for this one.
    expect(decideUpdate({ ...ordered, offered: { for: '1.4.9', version: '1.5.0' } })).toMatchObject({ do: 'check' })
    expect(decideUpdate({ ...ordered, offered: { for: '1.5.0', version: '1.5.0' } })).toEqual({ do: 'download', version: '1.5.0', allowDowngrade: false })
    const downloaded = decideUpdate({ ...ordered, offered: { for: '1.5.0', version: '1.5.0' }, downloaded: '1.5.0' })
    expect(downloaded).toEqual({ do: 'install-at-rest', version: '1.5.0' })
    expect(reportOf(downloaded)).toEqual({ state: 'taking', version: '1.5.0' })
  })

  it('goes back with downgrades allowed', () => {
    const back = { ...idle, current: '1.5.0', ...take('1.4.0', true) }
    expect(decideUpdate(back)).toEqual({ do: 'check', version: '1.4.0', allowDowngrade: true })
    expect(decideUpdate({ ...back, offered: { for: '1.4.0', version: '1.4.0' } })).toEqual({ do: 'download', version: '1.4.0', allowDowngrade: true })
  })

  it('gives up, and says so, when the feed offers another version or taking it failed', () => {
    const ordered = { ...idle, ...take('1.5.0') }
    const other = decideUpdate({ ...ordered, offered: { for: '1.5.0', version: '1.6.0' } })
    expect(other).toEqual({ do: 'give-up', version: '1.5.0', reason: 'not-offered' })
    expect(reportOf(other)).toEqual({ state: 'failed', version: '1.5.0', reason: 'not-offered' })
    expect(decideUpdate({ ...ordered, offered: { for: '1.5.0', version: null } })).toMatchObject({ do: 'give-up', reason: 'not-offered' })
    expect(decideUpdate({ ...ordered, downloaded: '1.5.0', failed: { version: '1.5.0', reason: 'install-failed' } })).toMatchObject({ do: 'give-up', reason: 'install-failed' })
    // A failure of another version is not this one's.
    expect(decideUpdate({ ...ordered, failed: { version: '1.4.9', reason: 'download-failed' } })).toMatchObject({ do: 'check' })
  })
})

describe("the hub's order as the device keeps it", () => {
  it('reports only once given an order, and takes a stale order to take a version as "take none"', () => {
    let now = 0
    const orders = new HubUpdateOrders(() => now)
    orders.report({ state: 'idle' })
    expect(orders.heartbeat()).toBeUndefined()
    orders.heard({ version: '1.5.0', allowDowngrade: false })
    expect(orders.heartbeat()).toEqual({ state: 'idle' })
    now += HubUpdateOrders.HOLDS_MS
    expect(orders.current()).toEqual({ version: '1.5.0', allowDowngrade: false })
    now += 1
    expect(orders.current()).toEqual({ version: null, allowDowngrade: false })
    orders.heard(undefined)
    expect(orders.current()).toBeUndefined()
  })
})
