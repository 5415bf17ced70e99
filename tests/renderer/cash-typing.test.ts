import { flushPromises } from '@vue/test-utils'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { formatMoney, type EventSummary, type Reply, type Show } from '../../electron/contract'
import { startHostRuntime, type HostRuntime } from '../../electron/services/host-runtime'
import { inProcessSandbox } from '../support/in-process-sandbox'
import { useCartStore } from '../../renderer/src/stores/cart'
import { useCounterStore } from '../../renderer/src/stores/counter'
import { useDeliveryStore } from '../../renderer/src/stores/delivery'
import { useSeatChoiceStore } from '../../renderer/src/stores/seat-choice'
import { mountApp, unmountApp, type MountedApp } from '../support/mount-app'
import { nodeFetchForFile } from '../support/node-fetch'
import { firstPin, TEST_ENROLMENT_CODE } from '../support/staff-runtime'

/**
 * Cash typed at the counter, in the real renderer against a counter-mode host
 * on the built-in sandbox: "1,000" is a thousand dollars (it used to be read
 * as S$1.00), both as cash tendered at checkout and as the shift's float, and
 * what could mean two amounts is refused in words instead of guessed at.
 */
const PIN = '579135'
const quiet = { warn: () => {}, error: () => {} }
let runtime: HostRuntime
let dir: string

const ask = async <T>(channel: string, request: unknown): Promise<T> => {
  const reply = (await runtime.services.dispatcher.dispatch(channel as never, request, { transport: 'test' })) as Reply<T>
  if (!reply.ok) throw new Error(`${channel} refused: ${reply.error.code}`)
  return reply.value
}

nodeFetchForFile()
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'foyer-cash-typing-'))
  runtime = await startHostRuntime({ enrolmentCode: TEST_ENROLMENT_CODE, mode: 'counter' }, { appVersion: 't', host: 'browser' }, dir, quiet, inProcessSandbox)
  await ask('staff.setPin', firstPin(PIN))
}, 60_000)
afterEach(() => unmountApp())
afterAll(async () => {
  await runtime?.close()
  await rm(dir, { recursive: true, force: true })
})

async function signedIn(): Promise<MountedApp> {
  const app = await mountApp(runtime.services)
  expect(await useCounterStore().signIn('Supervisor', PIN)).toBe(true)
  return app
}

async function type(app: MountedApp, testId: string, text: string): Promise<void> {
  const field = app.find(testId) as HTMLInputElement
  field.value = text
  field.dispatchEvent(new Event('input'))
  await flushPromises()
}

describe('the shift float', () => {
  it('typed as "1,000" opens the shift with S$1,000.00; "1,00" is refused in words', async () => {
    const app = await signedIn()
    await app.router.push({ name: 'shift' })
    await flushPromises()
    await type(app, 'shift-float', '1,00')
    expect(app.text('shift-float-problem')).toBe('That amount could be read two ways: type it like 1,000.50.')
    expect(app.find('shift-open')!.hasAttribute('disabled')).toBe(true)

    await type(app, 'shift-float', '1,000')
    expect(app.find('shift-float-problem')).toBeNull()
    await app.click('shift-open')
    await vi.waitFor(() => expect(app.find('shift-report-X')).not.toBeNull())
    const report = await ask<{ floatCents: number }>('shift.current', {})
    expect(report.floatCents).toBe(100_000)
  })
})

describe('cash tendered at checkout', () => {
  it('typed as "1,000" is S$1,000.00: the change is worked out from a thousand dollars and the sale records it', async () => {
    const app = await signedIn()
    // A basket made through the real stores: two seats at a theatre show, cash, collected at the box office.
    const page = await ask<{ events: EventSummary[] }>('catalogue.events', { lang: 'EN_SG', search: 'Hamlet' })
    const event = page.events[0]!
    const { shows } = await ask<{ shows: Show[] }>('catalogue.shows', { code: event.code, lang: 'EN_SG' })
    const seatChoice = useSeatChoiceStore()
    const cart = useCartStore()
    // A reserved-seating show still on sale: today's earlier shows have started (listed, but sold as sold out).
    await seatChoice.openShow(event, shows.find((s) => s.ticketType === 'RS' && s.availability === 'available')!)
    const section = seatChoice.availability.find((s) => s.availability === 'available')!
    seatChoice.chooseSection(section.sectionId)
    await seatChoice.findSeats()
    await seatChoice.keepSet(0)
    expect(await cart.priceChosenSeats()).toBe(true)
    expect(cart.addDraft()).toBe(true)
    await cart.loadOptions()
    cart.paymentCode = 'CASH'
    useDeliveryStore().code = 'PRINT_ON_SITE'

    await app.router.push({ name: 'checkout' })
    await vi.waitFor(() => expect(app.find('cash-payment')).not.toBeNull(), { timeout: 20_000 })
    const due = cart.totalCents
    expect(due).toBeLessThan(100_000)

    await type(app, 'cash-tendered', '1,0000')
    expect(app.text('cash-tendered-problem')).toBe('That amount could be read two ways: type it like 1,000.50.')
    expect(app.find('take-cash')!.hasAttribute('disabled')).toBe(true)

    await type(app, 'cash-tendered', '1,000')
    expect(app.text('cash-change')).toBe(`Change due: ${formatMoney(100_000 - due, 'en-SG')}`)
    await app.click('take-cash')
    await vi.waitFor(() => expect(app.router.currentRoute.value.name).toBe('done'), { timeout: 30_000 })
    await flushPromises()
    // The change main recorded with the sale: a thousand dollars tendered, not one.
    expect(app.text('done-change')).toContain(formatMoney(100_000 - due, 'en-SG'))
  }, 60_000)
})
