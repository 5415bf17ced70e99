import { connect } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TokenSource } from '../../../electron/api/token-source'
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server'
import { terminalControls } from '../../support/terminal-controls'
import { trustingFetch } from '../../support/trusting-fetch'

/**
 * The sandbox as a venue's staging vendor (`npm run sandbox -- --tls --terminals N`): its API over
 * https with a root of its own (Foyer takes only https for a vendor backend), and a simulated card
 * terminal per kiosk or counter, each unplugged on its own.
 */
describe('the sandbox as a staging vendor: https and a terminal per device', () => {
  let sandbox: Sandbox
  let trusted: typeof globalThis.fetch

  beforeAll(async () => {
    sandbox = await startSandbox({ tls: true, terminals: 2, log: () => {} })
    trusted = trustingFetch(sandbox.rootCertificatePem!)
  }, 60_000)
  afterAll(() => sandbox?.close())

  const tokens = () =>
    new TokenSource({ authUrl: sandbox.authUrl, clientId: sandbox.clientId, secret: async () => sandbox.clientSecret, fetch: trusted, now: Date.now, timeoutMs: 10_000 })

  it('answers over https to a client that trusts its root, and to no other', async () => {
    expect(sandbox.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/api\/v0\/foyer-training$/)
    const token = await tokens().token()
    const codes = await trusted(`${sandbox.baseUrl}/icc`, { headers: { authorization: `Bearer ${token}` } })
    expect(codes.status).toBe(200)
    await expect(globalThis.fetch(`${sandbox.baseUrl}/icc`)).rejects.toThrow()
  })

  /** Whether a terminal takes a TLS connection (an unplugged one drops it before TLS starts). */
  const answers = (address: string, rootPem: string) =>
    new Promise<boolean>((resolve) => {
      const [host, port] = address.split(':')
      const socket = connect({ host, port: Number(port), ca: rootPem, checkServerIdentity: () => undefined }, () => {
        socket.end()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })

  it('has a terminal of its own for each device: its own POIID, address, key and controls; one unplugged leaves the other answering', async () => {
    const [first, second] = sandbox.terminals as [Sandbox['terminal'], Sandbox['terminal']]
    expect(first).toEqual(sandbox.terminal)
    expect(second.poiid).not.toBe(first.poiid)
    expect(second.address).not.toBe(first.address)
    expect(second.passphrase).not.toBe(first.passphrase)
    expect(second.controlUrl).toBe(`${first.controlUrl}/${second.poiid}`)
    // The controls are reached over the API's https, trusting the sandbox's root.
    const controls = terminalControls({ terminal: second }, tokens(), trusted)
    await controls.plug(false)
    expect(await answers(second.address, second.rootCertificatePem)).toBe(false)
    expect(await answers(first.address, first.rootCertificatePem)).toBe(true)
    await controls.plug(true)
    expect(await answers(second.address, second.rootCertificatePem)).toBe(true)
  })
})
