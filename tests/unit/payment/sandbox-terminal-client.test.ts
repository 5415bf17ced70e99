import { afterEach, describe, expect, it } from 'vitest'
import { SandboxTerminalClient } from '../../../electron/payment/sandbox-terminal-client'
import type { Sandbox } from '../../../electron/sandbox/server'
import { sandboxWithClient, type SandboxClient } from '../../support/sandbox-client'

/**
 * Foyer's client of the sandbox terminal, against the real sandbox: it pays
 * with a bearer token from the sandbox's token endpoint, and when the terminal
 * refuses a token (it lapsed by the sandbox's clock), it gets a new one and asks once more.
 */
let sandbox: Sandbox
let direct: SandboxClient
afterEach(() => sandbox.close())

const ledger = async () =>
  ((await (await fetch(`${sandbox.terminalUrl}/payments`, { headers: { authorization: `Bearer ${await direct.token()}` } })).json()) as { payments: { key: string; state: string }[] })
    .payments

const client = () =>
  new SandboxTerminalClient({ baseUrl: sandbox.terminalUrl, authUrl: sandbox.authUrl, clientId: sandbox.clientId, secret: async () => sandbox.clientSecret })

describe('the sandbox terminal client', () => {
  it('pays, asks and refunds with the sandbox’s credentials', async () => {
    ;({ sandbox, client: direct } = await sandboxWithClient())
    const terminal = client()
    expect(await terminal.charge({ key: 'SALE-1', amountCents: 2_500, currency: 'SGD' })).toMatchObject({ outcome: 'approved' })
    expect(await terminal.status('SALE-1')).toMatchObject({ outcome: 'approved' })
    await terminal.refund('SALE-1')
    expect((await ledger()).find((p) => p.key === 'SALE-1')).toMatchObject({ state: 'refunded' })
  })

  it('gets a new token when the terminal refuses the one it has, and charges once', async () => {
    let ahead = 0
    ;({ sandbox, client: direct } = await sandboxWithClient({ now: () => Date.now() + ahead, tokenTtlSeconds: 600 }))
    const terminal = client()
    expect(await terminal.charge({ key: 'SALE-2', amountCents: 1_000, currency: 'SGD' })).toMatchObject({ outcome: 'approved' })
    // The sandbox's clock runs past the token's life; the kiosk's does not, so it still thinks its token good.
    ahead = 601_000
    expect(await terminal.charge({ key: 'SALE-3', amountCents: 1_000, currency: 'SGD' })).toMatchObject({ outcome: 'approved' })
    expect((await ledger()).map((p) => p.key).sort()).toEqual(['SALE-2', 'SALE-3'])
  })

  it('says a payment it could not get a token for was not taken', async () => {
    ;({ sandbox, client: direct } = await sandboxWithClient())
    const terminal = new SandboxTerminalClient({ baseUrl: sandbox.terminalUrl, authUrl: sandbox.authUrl, clientId: sandbox.clientId, secret: async () => 'wrong' })
    expect(await terminal.charge({ key: 'SALE-4', amountCents: 1_000, currency: 'SGD' })).toMatchObject({ outcome: 'unavailable' })
    expect(await ledger()).toEqual([])
  })
})
