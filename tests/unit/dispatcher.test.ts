import { describe, expect, it, vi } from 'vitest'
import { channels, ContractErrorCode, type ChannelName } from '../../electron/contract'
import { call, createDispatcher, type Handlers } from '../../electron/ipc-core/dispatcher'
import type { Logger } from '../../electron/ipc-core/logger'
import { FoyerError } from '../../electron/ipc-core/foyer-error'
import { createAppServices } from '../../electron/services/app-services'
import { unavailableAdminHandlers } from '../../electron/services/admin-service'
import { audioGuidanceHandler } from '../../electron/services/audio-guidance'
import { CounterDesk, counterHandlers } from '../../electron/counter/counter-desk'
import { disconnectedSalesHandlers } from '../../electron/services/sales-service'
import { SystemInfoService } from '../../electron/services/system-info'
import { drawerHandlers } from '../../electron/services/drawer-service'
import { SYSTEM_PRINTER } from '../../electron/services/printer-readiness'
import { PushBus } from '../../electron/ipc-core/push-bus'
import { CustomerDisplay } from '../../electron/services/customer-display'
import { customerDisplayHandlers } from '../../electron/services/customer-display-handlers'

/** The customer display's channels, over a display that knows no backend. */
const customerDisplayChannels = (desk: CounterDesk) =>
  customerDisplayHandlers(new CustomerDisplay({ pushes: new PushBus(), connected: () => null, servedBy: () => null, log: { warn: () => {}, error: () => {} } }), desk, () => 'self-service')

const quietLog: Logger = { warn: vi.fn(), error: vi.fn() }
const facts = () => ({ appVersion: '9.9.9', mode: 'counter' as const, backend: 'sandbox' as const, host: 'electron' as const })
const services = () => createAppServices({ ...facts(), log: quietLog })

// Payloads no channel of the contract accepts: wrong JSON types, extra keys, prototype tricks.
const badPayloads: unknown[] = [null, 42, 'text', true, [], [{}], { unexpected: 1 }, { __proto__: { polluted: true }, x: 1 }]

describe('contract dispatch', () => {
  it('answers system.info with the facts the host was started with', async () => {
    const reply = await call(services().dispatcher, 'system.info', {})
    expect(reply).toEqual({
      ok: true,
      value: { appName: 'Foyer', appVersion: '9.9.9', mode: 'counter', backend: 'sandbox', host: 'electron', backendReachable: true, kioskLock: 'none' },
    })
  })

  it.each(Object.keys(channels) as ChannelName[])('refuses malformed payloads on %s with a typed error', async (channel) => {
    const { dispatcher } = services()
    for (const payload of badPayloads) {
      const reply = await dispatcher.dispatch(channel, payload, { transport: 'test' })
      expect(reply.ok, `payload ${JSON.stringify(payload)}`).toBe(false)
      if (reply.ok) continue
      expect(reply.error).toMatchObject({
        code: ContractErrorCode.InvalidRequest,
        messageKey: 'errors.contract.invalidRequest',
        retryable: false,
      })
    }
  })

  it('names the unknown channel without echoing more than a bounded slice of it', async () => {
    const reply = await services().dispatcher.dispatch('x'.repeat(10_000), {}, { transport: 'test' })
    expect(reply.ok).toBe(false)
    if (reply.ok) return
    expect(reply.error.code).toBe(ContractErrorCode.UnknownChannel)
    expect(reply.error.detail!.length).toBeLessThan(200)
  })

  it('does not treat inherited object keys as channels', async () => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const reply = await services().dispatcher.dispatch(name, {}, { transport: 'test' })
      expect(reply).toMatchObject({ ok: false, error: { code: ContractErrorCode.UnknownChannel } })
    }
  })

  it('describes a rejected payload by path and kind, never by value', async () => {
    const secret = 'super-secret-client-secret'
    const reply = await services().dispatcher.dispatch('system.info', { clientSecret: secret }, { transport: 'test' })
    expect(JSON.stringify(reply)).not.toContain(secret)
  })

  it('turns an unexpected handler failure into a generic internal reply and logs it', async () => {
    const log: Logger = { warn: vi.fn(), error: vi.fn() }
    const handlers: Handlers = {
      ...disconnectedSalesHandlers(),
      ...unavailableAdminHandlers(),
      ...counterHandlers(new CounterDesk(new SystemInfoService(facts()))),
      ...customerDisplayChannels(new CounterDesk(new SystemInfoService(facts()))),
      'system.screen': () => ({}),
      'printer.status': () => SYSTEM_PRINTER,
      'counter.usePrinter': () => SYSTEM_PRINTER,
      'kiosk.audioGuidance': audioGuidanceHandler(null),
      ...drawerHandlers(null, () => 'counter'),
      'system.info': () => {
        throw new Error('database password is hunter2')
      },
    }
    const reply = await call(createDispatcher(handlers, log), 'system.info', {})
    expect(reply).toEqual({ ok: false, error: { code: 'internal', messageKey: 'errors.internal', retryable: true } })
    expect(log.error).toHaveBeenCalledOnce()
  })

  it('passes a service FoyerError through as its own typed reply', async () => {
    const handlers: Handlers = {
      ...disconnectedSalesHandlers(),
      ...unavailableAdminHandlers(),
      ...counterHandlers(new CounterDesk(new SystemInfoService(facts()))),
      ...customerDisplayChannels(new CounterDesk(new SystemInfoService(facts()))),
      'system.screen': () => ({}),
      'printer.status': () => SYSTEM_PRINTER,
      'counter.usePrinter': () => SYSTEM_PRINTER,
      'kiosk.audioGuidance': audioGuidanceHandler(null),
      ...drawerHandlers(null, () => 'counter'),
      'system.info': () => {
        throw new FoyerError({ code: 'backend.offline', messageKey: 'errors.offline', retryable: true })
      },
    }
    const reply = await call(createDispatcher(handlers, quietLog), 'system.info', {})
    expect(reply).toMatchObject({ ok: false, error: { code: 'backend.offline', messageKey: 'errors.offline', retryable: true } })
  })

  it('answers sale channels with "no backend connected" until one is', async () => {
    const reply = await services().dispatcher.dispatch('catalogue.events', { lang: 'EN_SG' }, { transport: 'test' })
    expect(reply).toMatchObject({ ok: false, error: { code: 'backend.unavailable', messageKey: 'errors.backend.unavailable', retryable: true } })
  })

  it('refuses to send a response that breaks the contract', async () => {
    const handlers = { ...disconnectedSalesHandlers(), ...unavailableAdminHandlers(), 'system.info': () => ({ appName: 'Foyer', mode: 'nonsense' }) } as unknown as Handlers
    const reply = await call(createDispatcher(handlers, quietLog), 'system.info', {})
    expect(reply).toMatchObject({ ok: false, error: { code: ContractErrorCode.InvalidResponse, retryable: false } })
  })

  it('validates pushes against the contract before they leave main', () => {
    const { pushes } = services()
    const received: unknown[] = []
    pushes.attach((_name, payload) => received.push(payload))
    expect(() => pushes.publish('system.changed', { appName: 'Foyer' } as never)).toThrow()
    expect(received).toEqual([])
  })
})
