import { NexoCrypto } from '@adyen/api-library'
import { request } from 'node:https'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { paymentRequest, statusRequest } from '../../../electron/payment/adyen/nexo-messages'
import type { Sandbox } from '../../../electron/sandbox/server'
import { sandboxWithClient, type SandboxClient } from '../../support/sandbox-client'
import { terminalControls } from '../../support/terminal-controls'

/**
 * The terminal simulator as an attacker on the venue network meets it: a
 * message changed on the way is refused like a real terminal refuses it (a
 * "crypto error" in clear, nothing done), and its training controls need the
 * sandbox's credentials like every route.
 */
let sandbox: Sandbox
let direct: SandboxClient
beforeAll(async () => {
  ;({ sandbox, client: direct } = await sandboxWithClient())
})
afterAll(() => sandbox.close())

function post(body: string): Promise<{ status: number; text: string }> {
  const [host, port] = sandbox.terminal.address.split(':')
  return new Promise((resolve, reject) => {
    const req = request(
      { host, port: Number(port), path: '/nexo', method: 'POST', ca: sandbox.terminal.rootCertificatePem, checkServerIdentity: () => undefined, headers: { 'content-type': 'application/json' } },
      (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const key = () => ({ AdyenCryptoVersion: 1, KeyIdentifier: sandbox.terminal.keyIdentifier, KeyVersion: sandbox.terminal.keyVersion, Passphrase: sandbox.terminal.passphrase })

const till = () => ({ saleId: 'ATTACKER', poiid: sandbox.terminal.poiid })

function seal(message: { SaleToPOIRequest: { MessageHeader: unknown } }) {
  return NexoCrypto.encrypt(message.SaleToPOIRequest.MessageHeader as never, JSON.stringify(message), key())
}

function sealed(transactionId: string, amountCents = 1_000) {
  return seal(paymentRequest(till(), transactionId, amountCents, 'SGD', new Date()))
}

/** What a sealed request's answer says, opened with the shared key. */
function opened<T>(text: string): T {
  return JSON.parse(new NexoCrypto().decrypt((JSON.parse(text) as { SaleToPOIResponse: never }).SaleToPOIResponse, key())) as T
}

const transactions = () => terminalControls(sandbox, direct).transactions()

describe('the terminal simulator', () => {
  it('pays a message sealed with the shared key', async () => {
    const answer = await post(JSON.stringify({ SaleToPOIRequest: sealed('SEALED-1') }))
    expect(answer.status).toBe(200)
    const secured = (JSON.parse(answer.text) as { SaleToPOIResponse: never }).SaleToPOIResponse
    const opened = JSON.parse(new NexoCrypto().decrypt(secured, key())) as { SaleToPOIResponse: { PaymentResponse: { Response: { Result: string } } } }
    expect(opened.SaleToPOIResponse.PaymentResponse.Response.Result).toBe('Success')
  })

  it('refuses a tampered blob, a forged HMAC and a changed clear header, and does nothing', async () => {
    const blob = sealed('TAMPER-1')
    const bytes = Buffer.from(blob.NexoBlob, 'base64')
    bytes[5] = bytes[5]! ^ 0xff
    const flipped = { ...blob, NexoBlob: bytes.toString('base64') }
    const forged = { ...sealed('TAMPER-2'), SecurityTrailer: { ...blob.SecurityTrailer, Hmac: Buffer.alloc(32).toString('base64') } }
    const reheaded = { ...sealed('TAMPER-3'), MessageHeader: { ...blob.MessageHeader, SaleID: 'SOMEONE-ELSE' } }
    for (const message of [flipped, forged, reheaded]) {
      const answer = await post(JSON.stringify({ SaleToPOIRequest: message }))
      expect(answer.status).toBe(400)
      expect(answer.text).toContain('crypto error')
    }
    expect((await transactions()).map((t) => t.transactionId)).not.toEqual(expect.arrayContaining([expect.stringMatching(/^TAMPER/)]))
  })

  it('a payment waiting for the customer takes the card they present then (a trainer holds a payment, then lets it through)', async () => {
    const controls = terminalControls(sandbox, direct)
    await controls.present('no-card')
    const paying = post(JSON.stringify({ SaleToPOIRequest: sealed('WAITED-1') }))
    // The terminal has the payment and waits for a card: its status says it is in progress.
    await vi.waitFor(async () => {
      const status = opened<{ SaleToPOIResponse: { TransactionStatusResponse: { Response: { ErrorCondition?: string } } } }>((await post(JSON.stringify({ SaleToPOIRequest: seal(statusRequest(till(), 'WAITED-1')) }))).text)
      expect(status.SaleToPOIResponse.TransactionStatusResponse.Response.ErrorCondition).toBe('InProgress')
    }, 10_000)
    await controls.present('approve')
    // Answered once the card is presented, not after the terminal's own 90 s wait.
    const answer = await Promise.race([paying, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000))])
    expect(answer?.status).toBe(200)
    expect(opened<{ SaleToPOIResponse: { PaymentResponse: { Response: { Result: string } } } }>(answer!.text).SaleToPOIResponse.PaymentResponse.Response.Result).toBe('Success')
    expect((await transactions()).find((t) => t.transactionId === 'WAITED-1')?.state).toBe('approved')
    // The card went to that payment: the next one is paid as ever (approved), not held.
    const next = await post(JSON.stringify({ SaleToPOIRequest: sealed('WAITED-2') }))
    expect(opened<{ SaleToPOIResponse: { PaymentResponse: { Response: { Result: string } } } }>(next.text).SaleToPOIResponse.PaymentResponse.Response.Result).toBe('Success')
  })

  it('refuses what is not a nexo envelope', async () => {
    expect((await post('{"hello":1}')).status).toBe(400)
    expect((await post('not json')).status).toBe(400)
  })

  it('keeps its training controls behind the sandbox’s credentials', async () => {
    expect((await fetch(`${sandbox.terminal.controlUrl}/transactions`)).status).toBe(401)
    const card = await fetch(`${sandbox.terminal.controlUrl}/card`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"card":"approve"}' })
    expect(card.status).toBe(401)
    const network = await fetch(`${sandbox.terminal.controlUrl}/network`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"online":false}' })
    expect(network.status).toBe(401)
  })
})
