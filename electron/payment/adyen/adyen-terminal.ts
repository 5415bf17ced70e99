import { Client, EnvironmentEnum, TerminalLocalAPI } from '../../terminal-protocol/adyen-library'
import { withNexoKey } from '../../terminal-protocol/nexo-key'
import type { TerminalApiRequest } from '@adyen/api-library/lib/src/typings/terminal/models'
import type { ChargeRequest, PaymentResult, PaymentTerminal, TerminalCheck } from '../payment-port'
import {
  abortRequest,
  diagnosisRequest,
  paymentRequest,
  readPayment,
  reversalRequest,
  said,
  statusRequest,
  type NexoResponse,
  type Till,
} from './nexo-messages'
import { parseTerminalAddress } from '../../terminal-protocol/terminal-address'
import { TerminalAnswerLost, TerminalNotReached, TerminalRefused, TerminalTransport } from './terminal-transport'


/**
 * A card terminal reached with Adyen's Terminal API over the venue network
 * (local communications, encrypted with the terminal's shared key), built on
 * Adyen's Node library for the messages and their crypto.
 *
 * - A payment carries the invoice and attempt as its sale transaction id and a
 *   ServiceID made from them, so its status can be asked for after a crash.
 * - An answer that does not come in time is "unknown", and the caller asks for
 *   the status before anything else (Adyen: ask after 120 s without an answer).
 * - The customer cancelling at the kiosk, or walking away, aborts the payment
 *   on the terminal (AbortRequest); the payment then answers as it ended.
 * - Refunds are reversals of the terminal's own transaction, found by status.
 */
export interface AdyenTerminalOptions {
  /** The terminal's address on the venue network: IP or host name, and a port when not 8443. */
  address: string
  poiid: string
  /** This till's id at the terminal (one terminal per kiosk or counter). */
  saleId: string
  keyIdentifier: string
  keyVersion: number
  /** The shared key's passphrase, from the OS keychain for each message (never kept). */
  passphrase: () => Promise<string>
  /** PEM of Adyen's terminal root certificate (or the training terminal's root). */
  rootCertificate: () => Promise<string | Buffer>
  environment: 'test' | 'live'
  timeouts?: {
    /** A card-present payment: the customer may be typing a PIN. Adyen: check the status after 120 s without an answer. */
    paymentMs?: number
    /** Status, abort, diagnosis. */
    requestMs?: number
    /** A reversal goes to Adyen and back. */
    reversalMs?: number
    /** After an abort, how long the payment has to answer before its outcome is "unknown". */
    abortGraceMs?: number
    /** How often the abort is said again while the payment has not answered. */
    abortRepeatMs?: number
  }
  now?: () => number
}

type Reply = { SaleToPOIResponse?: Record<string, unknown>; SaleToPOIRequest?: { EventNotification?: { EventDetails?: string } } }

/**
 * The shared key's passphrase could not be had (none stored for this
 * terminal, the keychain locked): the message was never encrypted, let alone
 * sent, so nothing can have been charged.
 */
export class TerminalKeyUnavailable extends Error {
  override name = 'TerminalKeyUnavailable'
}

const unknown = (detail: string): PaymentResult => ({ outcome: 'unknown', transactionId: null, brand: null, last4: null, detail })
const notTaken = (detail: string): PaymentResult => ({ outcome: 'unavailable', transactionId: null, brand: null, last4: null, detail })

export class AdyenTerminal implements PaymentTerminal {
  readonly name: string
  readonly testCards = []

  readonly #options: AdyenTerminalOptions
  readonly #till: Till
  readonly #host: string
  readonly #transport: TerminalTransport
  readonly #now: () => number
  /** Each approved payment's terminal transaction, by key: what a reversal names (found again by status after a restart). */
  readonly #transactions = new Map<string, { TransactionID: string; TimeStamp: string }>()

  constructor(options: AdyenTerminalOptions) {
    const address = parseTerminalAddress(options.address)
    if (!address) throw new Error(`"${options.address}" is not a terminal address (an IP address or host name, with :port when not 8443)`)
    this.#options = options
    this.#till = { saleId: options.saleId, poiid: options.poiid }
    this.#host = address.host
    this.#transport = new TerminalTransport({ ...address, poiid: options.poiid, environment: options.environment, rootCertificate: options.rootCertificate })
    this.#now = options.now ?? Date.now
    this.name = `adyen ${options.poiid}`
  }

  async charge(request: ChargeRequest): Promise<PaymentResult> {
    const { signal } = request
    const timeouts = this.#options.timeouts ?? {}
    const sending = this.#send(paymentRequest(this.#till, request.key, request.amountCents, request.currency, new Date(this.#now())), timeouts.paymentMs ?? 130_000)
    // Once the kiosk has asked the terminal to stop, the payment has a little while to say how it ended.
    // The abort is said again every few seconds meanwhile: one that overtook the payment on its way is ignored by the terminal.
    let answered = false
    const graceOver = new Promise<'grace-over'>((resolve) => {
      const abort = () => {
        const askToStop = () =>
          void this.#send(abortRequest(this.#till, request.key), timeouts.requestMs ?? 20_000).catch(() => {
            // Not delivered: said again shortly, and the payment's own answer (or its status) says the rest.
          })
        askToStop()
        const again = setInterval(() => (answered ? clearInterval(again) : askToStop()), timeouts.abortRepeatMs ?? 2_000)
        setTimeout(() => {
          clearInterval(again)
          resolve('grace-over')
        }, timeouts.abortGraceMs ?? 15_000).unref?.()
      }
      if (signal?.aborted) abort()
      else signal?.addEventListener('abort', abort, { once: true })
    })
    const settled = await Promise.race([sending.then((reply) => ({ reply }), (error: unknown) => ({ error })), graceOver])
    answered = true
    if (settled === 'grace-over') return unknown('the terminal did not answer after it was asked to stop')
    if ('error' in settled) return this.#chargeFailed(settled.error)
    const body = settled.reply.SaleToPOIResponse?.PaymentResponse as Parameters<typeof readPayment>[0]
    if (!body) return notTaken(this.#rejected(settled.reply))
    const read = readPayment(body)
    if (read.poiTransaction && read.result.outcome === 'approved') this.#transactions.set(request.key, read.poiTransaction)
    if (read.result.detail === 'Partial' && read.poiTransaction) return this.#reversePartial(read.poiTransaction)
    return read.result
  }

  async status(key: string): Promise<PaymentResult | null> {
    let reply: Reply
    try {
      reply = await this.#send(statusRequest(this.#till, key), this.#options.timeouts?.requestMs ?? 20_000)
    } catch (error) {
      return unknown(`status not known: ${(error as Error).message}`)
    }
    const answer = reply.SaleToPOIResponse?.TransactionStatusResponse as
      | { Response?: NexoResponse; RepeatedMessageResponse?: { RepeatedResponseMessageBody?: { PaymentResponse?: Parameters<typeof readPayment>[0] } } }
      | undefined
    if (!answer) return unknown(this.#rejected(reply))
    if (answer.Response?.Result !== 'Success') {
      if (answer.Response?.ErrorCondition === 'NotFound') return null
      const result = unknown(`status: ${said(answer.Response)}`)
      return answer.Response?.ErrorCondition === 'InProgress' ? { ...result, pending: true } : result
    }
    const read = readPayment(answer.RepeatedMessageResponse?.RepeatedResponseMessageBody?.PaymentResponse)
    if (read.poiTransaction && read.result.outcome === 'approved') this.#transactions.set(key, read.poiTransaction)
    return read.result
  }

  async refund(key: string): Promise<void> {
    let transaction = this.#transactions.get(key)
    if (!transaction) {
      const status = await this.status(key)
      if (status?.outcome !== 'approved') throw new Error(`the terminal has no approved payment ${key} to reverse (${status?.detail ?? 'not found'})`)
      transaction = this.#transactions.get(key)
      if (!transaction) throw new Error(`the terminal did not say which of its transactions payment ${key} is`)
    }
    await this.#reverse(transaction)
  }

  async abort(key: string): Promise<void> {
    await this.#send(abortRequest(this.#till, key), this.#options.timeouts?.requestMs ?? 20_000)
  }

  async check(): Promise<TerminalCheck> {
    let reply: Reply
    try {
      reply = await this.#send(diagnosisRequest(this.#till), this.#options.timeouts?.requestMs ?? 20_000)
    } catch (error) {
      if (error instanceof TerminalNotReached) return { state: error.reason, detail: error.message }
      if (error instanceof TerminalRefused) return { state: 'key-refused', detail: `${error.message}. Check the key identifier, version and passphrase.` }
      if (error instanceof TerminalKeyUnavailable) return { state: 'key-refused', detail: error.message }
      return { state: 'offline', detail: (error as Error).message }
    }
    const answer = reply.SaleToPOIResponse?.DiagnosisResponse as { Response?: NexoResponse; POIStatus?: { GlobalStatus?: string } } | undefined
    if (!answer) return { state: 'not-ready', detail: this.#rejected(reply) }
    if (answer.Response?.Result !== 'Success') {
      return { state: answer.Response?.ErrorCondition === 'NotAllowed' ? 'wrong-terminal' : 'not-ready', detail: said(answer.Response) }
    }
    const global = answer.POIStatus?.GlobalStatus ?? 'OK'
    if (global === 'OK') return { state: 'ready', detail: `${this.#options.poiid} is ready` }
    return { state: global === 'Busy' ? 'busy' : 'not-ready', detail: `${this.#options.poiid} says ${global}` }
  }

  // ------------------------------------------------------------------ helpers

  /** One message to the terminal and its (decrypted) answer; a fresh library client per message carries its time limit. */
  async #send(message: ReturnType<typeof paymentRequest>, timeoutMs: number): Promise<Reply> {
    const { environment, keyIdentifier, keyVersion } = this.#options
    const client = new Client(
      { environment: environment === 'live' ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST, terminalApiLocalEndpoint: `https://${this.#host}`, connectionTimeoutMillis: timeoutMs },
      this.#transport,
    )
    let passphrase: string
    try {
      passphrase = await this.#options.passphrase()
    } catch (error) {
      // Before anything was sent: the caller must not take this for an answer lost on the way.
      throw new TerminalKeyUnavailable(`the terminal's shared key cannot be used: ${(error as Error).message}`)
    }
    const securityKey = { AdyenCryptoVersion: 1, KeyIdentifier: keyIdentifier, KeyVersion: keyVersion, Passphrase: passphrase }
    // The key derived once for the message and its answer, off the main thread (nexo-key.ts), and let go after.
    return (await withNexoKey(passphrase, () => new TerminalLocalAPI(client).request(message as unknown as TerminalApiRequest, securityKey))) as unknown as Reply
  }

  #chargeFailed(error: unknown): PaymentResult {
    // Never reached, or refused unread: nothing can have been charged.
    if (error instanceof TerminalNotReached) return notTaken(`${error.reason}: ${error.message}`)
    if (error instanceof TerminalRefused) return notTaken(error.message)
    if (error instanceof TerminalKeyUnavailable) return notTaken(error.message)
    // Sent, and then the answer was lost, cut off or could not be read: the payment may have gone through.
    if (error instanceof TerminalAnswerLost) return unknown(error.message)
    return unknown(`the terminal's answer could not be read: ${(error as Error).message}`)
  }

  /** A terminal that could not take the message answers an event instead of a response. */
  #rejected(reply: Reply): string {
    return `the terminal rejected the message: ${reply.SaleToPOIRequest?.EventNotification?.EventDetails ?? 'no response'}`
  }

  async #reverse(transaction: { TransactionID: string; TimeStamp: string }): Promise<void> {
    let reply: Reply
    try {
      reply = await this.#send(reversalRequest(this.#till, transaction), this.#options.timeouts?.reversalMs ?? 60_000)
    } catch (error) {
      throw new Error(`the terminal could not be asked to reverse ${transaction.TransactionID}: ${(error as Error).message}`, { cause: error })
    }
    const answer = reply.SaleToPOIResponse?.ReversalResponse as { Response?: NexoResponse } | undefined
    if (answer?.Response?.Result !== 'Success') throw new Error(`the terminal refused to reverse ${transaction.TransactionID}: ${answer ? said(answer.Response) : this.#rejected(reply)}`)
  }

  /** Foyer sells whole invoices: a partly approved payment is given back at once. */
  async #reversePartial(transaction: { TransactionID: string; TimeStamp: string }): Promise<PaymentResult> {
    try {
      await this.#reverse(transaction)
      return { outcome: 'declined', transactionId: transaction.TransactionID, brand: null, last4: null, detail: 'only part of the amount was approved; it was reversed' }
    } catch (error) {
      return unknown(`a partial approval could not be reversed: ${(error as Error).message}`)
    }
  }
}

