import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdyenTerminal, type AdyenTerminalOptions } from '../../../electron/payment/adyen/adyen-terminal'
import { newTerminalChain } from '../../../electron/sandbox/terminal/terminal-certificates'
import type { TestCardName } from '../../../electron/contract/checkout-channels'
import type { Sandbox } from '../../../electron/sandbox/server'
import { sandboxWithClient, type SandboxClient } from '../../support/sandbox-client'
import { terminalControls } from '../../support/terminal-controls'

/**
 * Foyer's Adyen Terminal API adapter against the sandbox's terminal simulator:
 * real HTTPS with the simulator's own certificate chain, the nexo envelope
 * encrypted with the shared key by Adyen's library at both ends. Every outcome
 * a customer can bring about at the terminal, and every way the link to it
 * can fail, ends in the port's outcome that keeps money right.
 */
let sandbox: Sandbox
let direct: SandboxClient
beforeAll(async () => {
  ;({ sandbox, client: direct } = await sandboxWithClient())
})
afterAll(() => sandbox.close())

let keys = 0
const nextKey = () => `INV-ADYEN-${++keys}-1`

function adapter(overrides: Partial<AdyenTerminalOptions> = {}): AdyenTerminal {
  const t = sandbox.terminal
  return new AdyenTerminal({
    address: t.address,
    poiid: t.poiid,
    saleId: 'KIOSK-TEST',
    keyIdentifier: t.keyIdentifier,
    keyVersion: t.keyVersion,
    passphrase: async () => t.passphrase,
    rootCertificate: async () => t.rootCertificatePem,
    environment: 'test',
    ...overrides,
  })
}

const controls = () => terminalControls(sandbox, direct)
const present = (card: TestCardName) => controls().present(card)
const network = (online: boolean) => controls().plug(online)
/** The simulator's journal: what the terminal really did, whatever the adapter heard. */
const taken = async (key: string) => (await controls().transactions()).filter((t) => t.transactionId === key)

describe('the Adyen adapter at the simulated terminal', () => {
  it('pays with the card data a receipt needs, repeats it by status, and reverses it once', async () => {
    const terminal = adapter()
    const key = nextKey()
    const paid = await terminal.charge({ key, amountCents: 48_800, currency: 'SGD' })
    expect(paid).toMatchObject({ outcome: 'approved', brand: 'VISA', last4: '1111' })
    expect(paid.transactionId).toMatch(/^[0-9A-F]{16}$/)
    expect(paid.receipt).toMatchObject({ maskedPan: '411111******1111', aid: 'A0000000031010', entryMode: 'Contactless' })
    expect(paid.receipt?.authCode).toMatch(/^\d{6}$/)
    expect(paid.receipt?.lines).toContain('Card 411111******1111')
    expect(paid.receipt?.lines).toContain(`Auth. code ${paid.receipt?.authCode}`)
    expect(await taken(key)).toEqual([expect.objectContaining({ state: 'approved', amountCents: 48_800 })])

    // Another Foyer (a restart) knows only the key: the status names the same payment.
    expect(await adapter().status(key)).toMatchObject({ outcome: 'approved', transactionId: paid.transactionId })
    await adapter().refund(key)
    await adapter().refund(key)
    expect(await taken(key)).toEqual([expect.objectContaining({ state: 'reversed' })])
  })

  it('tells a decline, a cancel on the terminal and a pulled card apart, and a busy terminal is no decline', async () => {
    const terminal = adapter()
    const cases: [TestCardName, string][] = [
      ['decline', 'declined'],
      ['cancel', 'cancelled'],
      ['card-removed', 'cancelled'],
      ['busy', 'unavailable'],
    ]
    for (const [card, outcome] of cases) {
      await present(card)
      const result = await terminal.charge({ key: nextKey(), amountCents: 1_000, currency: 'SGD' })
      expect(result.outcome, card).toBe(outcome)
    }
    await present('busy')
    const busyKey = nextKey()
    expect(await terminal.charge({ key: busyKey, amountCents: 1_000, currency: 'SGD' })).toMatchObject({ outcome: 'unavailable', detail: expect.stringContaining('Busy') })
    // Nothing was taken for the busy try: the terminal has never heard of it.
    expect(await terminal.status(busyKey)).toBeNull()
  })

  it('settles a lost answer by asking for the status, never by paying again', async () => {
    const terminal = adapter()
    const key = nextKey()
    await present('timeout')
    const first = await terminal.charge({ key, amountCents: 2_500, currency: 'SGD' })
    expect(first.outcome).toBe('unknown')
    expect(await terminal.status(key)).toMatchObject({ outcome: 'approved', brand: 'MC', last4: '4444' })
    expect(await taken(key)).toHaveLength(1)
  })

  it('aborts a payment the customer walked away from, and the terminal takes nothing', async () => {
    const terminal = adapter()
    const key = nextKey()
    await present('no-card')
    const walkedAway = new AbortController()
    const paying = terminal.charge({ key, amountCents: 3_000, currency: 'SGD', signal: walkedAway.signal })
    // While the customer has the terminal, its status is "in progress", not an answer.
    await expect.poll(async () => (await terminal.status(key))?.detail ?? null).toContain('InProgress')
    walkedAway.abort()
    expect(await paying).toMatchObject({ outcome: 'cancelled', detail: expect.stringContaining('Aborted') })
    expect(await taken(key)).toEqual([expect.objectContaining({ state: 'aborted' })])
  })

  it('takes nothing from a terminal it cannot reach, and says so when tested', async () => {
    const terminal = adapter()
    const key = nextKey()
    await present('unreachable')
    expect(await terminal.charge({ key, amountCents: 1_000, currency: 'SGD' })).toMatchObject({ outcome: 'unavailable', detail: expect.stringContaining('offline') })
    expect(await taken(key)).toEqual([])
    await network(false)
    try {
      expect(await terminal.check()).toMatchObject({ state: 'offline' })
    } finally {
      await network(true)
    }
    expect(await terminal.check()).toMatchObject({ state: 'ready' })
  })

  it('refuses a terminal whose certificate is not signed by the installed root, before sending anything', async () => {
    const foreignRoot = newTerminalChain('V400m-000000001').rootPem
    const terminal = adapter({ rootCertificate: async () => foreignRoot })
    const key = nextKey()
    expect(await terminal.charge({ key, amountCents: 1_000, currency: 'SGD' })).toMatchObject({ outcome: 'unavailable', detail: expect.stringContaining('untrusted') })
    expect(await terminal.check()).toMatchObject({ state: 'untrusted' })
    expect(await taken(key)).toEqual([])
  })

  it('refuses a terminal that is not the configured one (another POIID)', async () => {
    const terminal = adapter({ poiid: 'V400m-111111111' })
    expect(await terminal.check()).toMatchObject({ state: 'wrong-terminal', detail: expect.stringContaining(sandbox.terminal.poiid) })
    const key = nextKey()
    expect((await terminal.charge({ key, amountCents: 1_000, currency: 'SGD' })).outcome).toBe('unavailable')
    expect(await taken(key)).toEqual([])
  })

  it('is refused by the terminal under a wrong passphrase or key, and says which', async () => {
    for (const wrong of [{ passphrase: async () => 'not the passphrase' }, { keyIdentifier: 'OTHERKEY' }, { keyVersion: 2 }]) {
      const terminal = adapter(wrong)
      const check = await terminal.check()
      expect(check.state).toBe('key-refused')
      expect(check.detail).toContain('crypto error')
      const key = nextKey()
      expect((await terminal.charge({ key, amountCents: 1_000, currency: 'SGD' })).outcome).toBe('unavailable')
      expect(await taken(key)).toEqual([])
    }
  })

  it('sends nothing when the passphrase cannot be had: the payment is unavailable, never unknown, and the check says why', async () => {
    // E.g. none stored in the keychain for this terminal: nothing was encrypted, so nothing can have been charged.
    const terminal = adapter({ passphrase: async () => Promise.reject(new Error('no passphrase is stored for terminal V400m-324688179')) })
    const key = nextKey()
    expect(await terminal.charge({ key, amountCents: 1_000, currency: 'SGD' })).toMatchObject({ outcome: 'unavailable', detail: expect.stringContaining('no passphrase is stored') })
    expect(await terminal.check()).toMatchObject({ state: 'key-refused', detail: expect.stringContaining('no passphrase is stored') })
    expect(await taken(key)).toEqual([])
  })
})
