import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CashDrawerSetting } from '../../../electron/contract'
import { DrawerWatch, LONG_OPEN_MS } from '../../../electron/checkout/drawer-watch'
import { call, type Dispatcher } from '../../../electron/ipc-core/dispatcher'
import { drawerPulse } from '../../../electron/printers/raw/cash-drawer'
import { startEscPosLoopback, type EscPosLoopback } from '../../support/escpos-loopback'
import { heldOrderRequest } from '../../support/checkout-fixtures'
import { sandboxRuntimePerTest } from '../../support/sandbox-runtime'
import { TEST_CASHIER } from '../../support/staff-runtime'

/**
 * The cash drawer on the counter's ESC/POS receipt printer (issue #34), against a loopback printer
 * that keeps every byte and springs its drawer open on a pulse: main sends the pulse only to a ready
 * printer, journals every opening with what for and who, holds the next sale while the printer says
 * the drawer is open, and answers only a counter's signed-in staff.
 */
const run = sandboxRuntimePerTest()
let printer: EscPosLoopback
let setting: CashDrawerSetting
beforeEach(async () => {
  printer = await startEscPosLoopback()
  setting = 'pin5'
})
afterEach(() => printer.close())

const drawerAt = () => ({ setting: () => setting, printer: () => ({ kind: 'raw' as const, address: `${printer.host}:${printer.port}`, language: 'escpos' as const }) })

async function ok<T>(reply: Promise<{ ok: true; value: T } | { ok: false; error: { code: string } }>): Promise<T> {
  const answer = await reply
  if (!answer.ok) throw new Error(answer.error.code)
  return answer.value
}

async function cashOrder(counter: Dispatcher) {
  return { ...(await heldOrderRequest(counter, run.rig.direct, 'Grand Theatre', 'Stalls Left')), paymentMethodCode: 'CASH' }
}

describe('the cash drawer at a counter', () => {
  it('opens for the float and the cash on the pin set up, holds the next sale while open, and journals each opening', async () => {
    const counter = await run.start('counter', {}, { cashDrawer: drawerAt() })
    await ok(call(counter, 'shift.open', { floatCents: 20_000 }))
    expect(printer.pulses()).toEqual([{ pin: 5, at: 0 }])
    expect(Array.from(printer.printed().subarray(0, 5))).toEqual(Array.from(drawerPulse(5)))
    expect(await ok(call(counter, 'drawer.status', {}))).toMatchObject({ setting: 'pin5', state: 'open', last: { purpose: 'float', opened: true } })

    // The float is still being put in: the sale waits, refused in words, nothing ordered.
    const order = await cashOrder(counter)
    expect(await call(counter, 'checkout.submit', { order })).toMatchObject({ ok: false, error: { code: 'drawer.open', messageKey: 'drawer.errors.closeFirst', retryable: true } })
    expect(run.runtime!.sales.context!.checkout.journal.unfinished()).toEqual([])
    printer.set({ drawerOpen: false })
    const invoice = await ok(call(counter, 'checkout.submit', { order }))
    await ok(call(counter, 'checkout.pay', { saleId: invoice.saleId, tender: 'cash', tenderedCents: invoice.amountCents + 500 }))
    expect(printer.pulses().map((pulse) => pulse.pin)).toEqual([5, 5])

    const report = await ok(call(counter, 'shift.current', {}))
    expect(report!.drawer).toEqual({ openings: 2, failed: 0, noSales: [] })
  }, 120_000)

  it('sends no pulse to a printer that cannot take it, says why and journals it as not opened; a No sale is named with its reason', async () => {
    const counter = await run.start('counter', {}, { cashDrawer: drawerAt() })
    await ok(call(counter, 'shift.open', { floatCents: 20_000 }))
    printer.set({ drawerOpen: false, coverOpen: true })
    const failed = await ok(call(counter, 'drawer.open', { purpose: 'no-sale', reason: 'wrong-change' }))
    expect(failed).toMatchObject({ purpose: 'no-sale', opened: false, problems: ['cover-open'] })
    expect(printer.pulses()).toHaveLength(1)
    printer.set({ coverOpen: false })
    expect(await ok(call(counter, 'drawer.open', { purpose: 'no-sale', reason: 'change' }))).toMatchObject({ opened: true, problems: [] })
    printer.set({ drawerOpen: false })
    expect(await ok(call(counter, 'drawer.open', { purpose: 'count' }))).toMatchObject({ purpose: 'count', opened: true })

    const report = await ok(call(counter, 'shift.current', {}))
    expect(report!.drawer).toEqual({ openings: 3, failed: 1, noSales: [{ by: TEST_CASHIER.name, count: 1, reasons: { change: 1, 'wrong-change': 0, other: 0 } }] })
  }, 120_000)

  it('answers only a counter’s signed-in staff, and says when there is no drawer or no shift to count', async () => {
    const counter = await run.start('counter', {}, { cashDrawer: drawerAt() })
    expect(await call(counter, 'drawer.open', { purpose: 'count' })).toMatchObject({ ok: false, error: { code: 'drawer.no-shift' } })
    setting = 'none'
    expect(await ok(call(counter, 'drawer.status', {}))).toMatchObject({ setting: 'none', state: 'none' })
    expect(await call(counter, 'drawer.open', { purpose: 'no-sale', reason: 'other' })).toMatchObject({ ok: false, error: { code: 'drawer.none' } })
    run.runtime!.services.counter.signOut()
    expect(await call(counter, 'drawer.open', { purpose: 'no-sale', reason: 'other' })).toMatchObject({ ok: false, error: { code: 'counter.signed-out' } })
    expect(printer.pulses()).toEqual([])
  }, 120_000)

  it('is no self-service kiosk’s', async () => {
    const kiosk = await run.start('self-service', {}, { cashDrawer: drawerAt() })
    expect(await call(kiosk, 'drawer.status', {})).toMatchObject({ ok: false, error: { code: 'drawer.counter-only' } })
    expect(await call(kiosk, 'drawer.open', { purpose: 'no-sale', reason: 'other' })).toMatchObject({ ok: false, error: { code: 'drawer.counter-only' } })
    expect(printer.pulses()).toEqual([])
  }, 120_000)
})

describe('following the drawer', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('reads it while open, says once when it has been open two minutes, and stops reading once it is shut', async () => {
    let open = true
    const read = vi.fn(async () => ({ state: open ? ('open' as const) : ('closed' as const), problems: [] }))
    const changed = vi.fn()
    const watch = new DrawerWatch({ read, now: () => Date.now(), pollMs: 1000, changed })
    watch.pulsed()
    expect(watch.view()).toMatchObject({ state: 'open', longOpen: false })
    await vi.advanceTimersByTimeAsync(LONG_OPEN_MS)
    expect(watch.view().longOpen).toBe(true)
    expect(changed).toHaveBeenCalledTimes(2)
    open = false
    await vi.advanceTimersByTimeAsync(1000)
    expect(watch.view()).toMatchObject({ state: 'closed', openSince: null, longOpen: false })
    const reads = read.mock.calls.length
    await vi.advanceTimersByTimeAsync(60_000)
    expect(read.mock.calls.length).toBe(reads)
    watch.stop()
  })

  it('leaves the printer to a sale being paid or printed, and reads the drawer once it is done', async () => {
    let busy = true
    const read = vi.fn(async () => ({ state: 'closed' as const, problems: [] }))
    const watch = new DrawerWatch({ read, now: () => Date.now(), pollMs: 1000, changed: () => {}, busy: () => busy })
    watch.pulsed()
    await vi.advanceTimersByTimeAsync(5000)
    expect(read).not.toHaveBeenCalled()
    busy = false
    await vi.advanceTimersByTimeAsync(1000)
    expect(read).toHaveBeenCalledOnce()
    expect(watch.view().state).toBe('closed')
    watch.stop()
  })

  it('keeps what it knew when a reading fails (a printer busy with a receipt)', async () => {
    const watch = new DrawerWatch({ read: async () => ({ state: 'unknown', problems: ['not-answering'] }), now: () => Date.now(), pollMs: 1000, changed: () => {} })
    watch.pulsed()
    await watch.readNow()
    expect(watch.view().state).toBe('open')
    watch.stop()
  })
})
