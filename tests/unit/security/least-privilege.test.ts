import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBrowserHost, type BrowserHost } from '../../../electron/browser-host/server'
import { channels } from '../../../electron/contract'
import { orderBody } from '../../../electron/checkout/order-body'
import { heldOrderRequest } from '../../support/checkout-fixtures'
import { startSecurityRig, type SecurityRig } from './security-rig'

/**
 * Least privilege at the contract: the renderer (and so anyone holding the
 * browser host's token) may only do what the person at the screen may do.
 * Money moves only through checkout in main, which takes the payment itself:
 * there is no channel that places or confirms an order on the renderer's word.
 */
const TOKEN = 'least-privilege-token-0123456789abcdef'
let security: SecurityRig
let host: BrowserHost

beforeAll(async () => {
  security = await startSecurityRig()
  const rendererDir = mkdtempSync(join(tmpdir(), 'foyer-least-privilege-'))
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Foyer</title>')
  host = await startBrowserHost({ services: security.runtime.services, rendererDir, token: TOKEN })
})
afterAll(async () => {
  await host?.close()
  await security?.close()
})

async function post(channel: string, body: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }> {
  const response = await fetch(`http://127.0.0.1:${host.port}/ipc/${channel}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await response.json()) as { ok: boolean; value?: unknown; error?: { code: string } }
}

describe('confirming tickets without paying', () => {
  it('has no order or confirm channel: the attack that confirmed an order with "NO-PAYMENT-TAKEN" is refused', async () => {
    const { runtime, rig } = security
    const request = await heldOrderRequest(runtime.services.dispatcher, rig.direct)

    const submitted = await post('orders.submit', request)
    expect(submitted.ok).toBe(false)
    expect(submitted.error?.code).toBe('contract.unknown-channel')

    // Even with an order placed behind Foyer's back, nothing confirms it without a payment checkout took.
    const order = await rig.api.submitOrder(orderBody(request))
    const confirmed = await post('orders.confirm', { reference: order.reference, paymentReference: 'NO-PAYMENT-TAKEN', amountPaid: request.totalAmount })
    expect(confirmed.ok).toBe(false)
    expect(confirmed.error?.code).toBe('contract.unknown-channel')
    expect((await rig.api.getOrder(order.reference)).status).toBe('PENDING_PAYMENT')
    await rig.api.cancelOrder(order.reference)
  })

  it('leaves no channel whose name says it places, confirms or refunds an order outside checkout', () => {
    // A refund goes through checkout in main (checkout.refund, a supervisor's); nothing else may move money.
    const moneyChannels = Object.keys(channels).filter((name) => !name.startsWith('checkout.') && /^orders\.|confirm|refund/i.test(name))
    expect(moneyChannels).toEqual([])
  })
})

describe('the written rule', () => {
  it('docs/kiosk-and-security.md lists every contract channel with who may call it', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../../docs/kiosk-and-security.md'), 'utf8')
    const listed = new Set([...doc.matchAll(/^\| `([a-z][A-Za-z]*\.[A-Za-z]+)` \|/gm)].map((m) => m[1]))
    expect([...Object.keys(channels)].filter((name) => !listed.has(name))).toEqual([])
    expect([...listed].filter((name) => !Object.hasOwn(channels, name!))).toEqual([])
  })
})
