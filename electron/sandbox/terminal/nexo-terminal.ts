import { NexoCrypto } from '../../terminal-protocol/adyen-library'
import { holdNexoKey } from '../../terminal-protocol/nexo-key'
import type { SecurityKey } from '@adyen/api-library/lib/src/typings/terminal/models'
import { randomBytes, randomInt } from 'node:crypto'
import { createServer, type Server } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { failure, paymentAnswer, type Header } from './nexo-answers'
import { parseSecured, readBody, sendJson, sortKeys } from './nexo-wire'
import type { TerminalChain } from './terminal-certificates'
import type { TerminalLedger, TransactionState } from './terminal-ledger'
import type { TestCardName } from '../../contract/checkout-channels'

/**
 * A card terminal that speaks Adyen's Terminal API over the local network, as
 * a venue's terminal does: HTTPS with a certificate chain of its own, one
 * endpoint (`POST /nexo`), every message in the nexo envelope encrypted and
 * authenticated with the shared key (the Adyen library's own NexoCrypto, the
 * same code Foyer's adapter uses). What a customer does at the terminal comes
 * from the test card presented next (training control) and otherwise the card
 * is approved.
 *
 * Refused the way a terminal refuses: a message under another key, or one
 * whose HMAC does not match (tampered, wrong passphrase), gets an HTTP 400
 * "crypto error" in clear (the terminal cannot encrypt to a key it does not
 * share); a message for another POIID a Failure/NotAllowed; a second payment
 * while one waits for the customer a Failure/Busy.
 */
export interface NexoTerminalOptions {
  poiid: string
  key: { keyIdentifier: string; keyVersion: number; passphrase: string }
  chain: TerminalChain
  ledger: TerminalLedger
  now: () => number
  log: (line: string) => void
  /** How long the terminal waits for a card before it gives up by itself. */
  cardWaitMs?: number
}

interface Waiting {
  saleId: string
  serviceId: string
  finish: (errorCondition: string, message: string) => void
  /** The customer presents a card now: the waiting payment goes on with it. */
  take: (card: TestCardName) => void
}

type Outcome = { errorCondition: string | null; message: string; state: TransactionState }

/** Cards a customer can present to a payment already waiting for one (the others are the terminal's own state, or no card). */
const PRESENTABLE: ReadonlySet<TestCardName> = new Set(['approve', 'decline', 'cancel', 'card-removed', 'timeout'])

/** What the terminal makes of a presented card. */
function outcomeOf(card: TestCardName): Outcome {
  if (card === 'decline') return { errorCondition: 'Refusal', message: 'Not enough balance', state: 'declined' }
  if (card === 'cancel') return { errorCondition: 'Cancel', message: 'Cancelled by the customer', state: 'cancelled' }
  if (card === 'card-removed') return { errorCondition: 'Aborted', message: 'Card removed', state: 'aborted' }
  return { errorCondition: null, message: 'Approved', state: 'approved' }
}

export class NexoTerminal {
  readonly #options: NexoTerminalOptions
  readonly #server: Server
  readonly #key: SecurityKey
  readonly #crypto = new NexoCrypto()
  readonly #sockets = new Set<Socket>()
  #nextCard: TestCardName | null = null
  #offline = false
  #waiting: Waiting | null = null
  #releaseKey: (() => void) | null = null

  constructor(options: NexoTerminalOptions) {
    this.#options = options
    this.#key = { AdyenCryptoVersion: 1, KeyIdentifier: options.key.keyIdentifier, KeyVersion: options.key.keyVersion, Passphrase: options.key.passphrase }
    this.#server = createServer({ key: options.chain.keyPem, cert: options.chain.certificatePem, minVersion: 'TLSv1.2' }, (request, response) => {
      void this.#handle(request, response).catch((error: unknown) => {
        options.log(`terminal: request failed: ${(error as Error).message}`)
        if (!response.headersSent) response.writeHead(500).end()
      })
    })
    // An unplugged terminal: the connection is dropped before TLS starts, so nothing can have been sent.
    this.#server.on('connection', (socket: Socket) => {
      if (this.#offline || this.#nextCard === 'unreachable') {
        if (this.#nextCard === 'unreachable') this.#nextCard = null
        socket.destroy()
        return
      }
      this.#sockets.add(socket)
      socket.once('close', () => this.#sockets.delete(socket))
    })
  }

  /** Starts listening on loopback; answers `host:port`. */
  async listen(): Promise<string> {
    // A terminal keeps its key: derived once, not again for each message and answer (nexo-key.ts).
    this.#releaseKey ??= await holdNexoKey(this.#key.Passphrase)
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject)
      this.#server.listen(0, '127.0.0.1', () => resolve())
    })
    const { port } = this.#server.address() as AddressInfo
    return `127.0.0.1:${port}`
  }

  /**
   * The card the next customer presents (training control); with a payment waiting for the customer
   * (after 'no-card'), the card they present to it now: a trainer holds a payment at the terminal, then lets it through.
   */
  present(card: TestCardName): void {
    if (this.#waiting && PRESENTABLE.has(card)) return this.#waiting.take(card)
    this.#nextCard = card
  }

  /** Takes the terminal off the network (or back): connections are dropped until it returns. */
  setOffline(offline: boolean): void {
    this.#offline = offline
  }

  async close(): Promise<void> {
    this.#waiting?.finish('Aborted', 'Terminal shutting down')
    for (const socket of this.#sockets) socket.destroy()
    await new Promise<void>((resolve) => this.#server.close(() => resolve()))
    this.#releaseKey?.()
    this.#releaseKey = null
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0]
    if (request.method !== 'POST' || (path !== '/nexo' && path !== '/nexo/')) return void response.writeHead(404).end()
    const raw = await readBody(request)
    if (raw === null) return void response.writeHead(413).end()
    const secured = parseSecured(raw)
    if (!secured) return sendJson(response, 400, { errors: ['At toplevel, field SaleToPOIRequest: Missing'] })
    const serviceId = typeof secured.MessageHeader.ServiceID === 'string' ? secured.MessageHeader.ServiceID : '-NULL-'
    const trailer = secured.SecurityTrailer
    if (trailer.KeyIdentifier !== this.#key.KeyIdentifier || Number(trailer.KeyVersion) !== this.#key.KeyVersion) {
      return sendJson(response, 400, { errors: ['Nexo Service: crypto error (3)'], ServiceID: serviceId })
    }
    let message: { SaleToPOIRequest?: Record<string, unknown> & { MessageHeader?: Header } }
    try {
      message = JSON.parse(this.#crypto.decrypt(secured as never, this.#key)) as typeof message
    } catch {
      // Wrong passphrase or a changed blob, nonce or HMAC: the HMAC (or the padding) does not check out.
      return sendJson(response, 400, { errors: ['Nexo Service: crypto error (9)'], ServiceID: serviceId })
    }
    const body = message.SaleToPOIRequest
    const header = body?.MessageHeader
    // The clear header must say what the encrypted one says: anything else was changed on the way.
    if (!body || !header || JSON.stringify(sortKeys(header)) !== JSON.stringify(sortKeys(secured.MessageHeader))) {
      return sendJson(response, 400, { errors: ['Nexo Service: crypto error (9)'], ServiceID: serviceId })
    }
    const answer = await this.#answer(header, body, response)
    if (answer === 'no-answer') return
    if (answer === null) return void response.writeHead(200, { 'content-type': 'application/json' }).end()
    const responseHeader = { ...header, MessageType: 'Response' }
    const json = JSON.stringify({ SaleToPOIResponse: { MessageHeader: responseHeader, ...answer } })
    sendJson(response, 200, { SaleToPOIResponse: NexoCrypto.encrypt(responseHeader as never, json, this.#key) })
  }

  /** The response body for a request; null for an abort (no body); 'no-answer' when the answer is "lost". */
  async #answer(header: Header, body: Record<string, unknown>, response: ServerResponse): Promise<Record<string, unknown> | null | 'no-answer'> {
    if (header.POIID !== this.#options.poiid) {
      return { [`${header.MessageCategory ?? 'Payment'}Response`]: { Response: failure('NotAllowed', `This terminal is ${this.#options.poiid}, not ${String(header.POIID)}`) } }
    }
    const saleId = String(header.SaleID ?? '')
    switch (header.MessageCategory) {
      case 'Payment':
        return this.#payment(saleId, String(header.ServiceID ?? ''), body.PaymentRequest as PaymentRequestBody | undefined, response)
      case 'TransactionStatus':
        return { TransactionStatusResponse: this.#status(saleId, body.TransactionStatusRequest as { MessageReference?: Header } | undefined) }
      case 'Abort': {
        const reference = (body.AbortRequest as { MessageReference?: Header } | undefined)?.MessageReference
        const waiting = this.#waiting
        if (waiting && waiting.saleId === String(reference?.SaleID ?? saleId) && waiting.serviceId === String(reference?.ServiceID ?? '')) {
          waiting.finish('Aborted', 'Transaction aborted by the cash register')
        }
        return null
      }
      case 'Reversal':
        return { ReversalResponse: this.#reversal(body.ReversalRequest as ReversalRequestBody | undefined) }
      case 'Diagnosis':
        return {
          DiagnosisResponse: {
            Response: { Result: 'Success' },
            POIStatus: { GlobalStatus: this.#waiting ? 'Busy' : 'OK', CommunicationOKFlag: true, PrinterStatus: 'OK' },
            HostStatus: [{ AcquirerID: 'FoyerTraining', IsReachableFlag: true }],
          },
        }
      default:
        return { [`${header.MessageCategory ?? 'Unknown'}Response`]: { Response: failure('NotAllowed', 'This terminal does not do that') } }
    }
  }

  async #payment(saleId: string, serviceId: string, request: PaymentRequestBody | undefined, response: ServerResponse): Promise<Record<string, unknown> | 'no-answer'> {
    const answer = (res: Record<string, unknown>) => ({ PaymentResponse: res })
    const amount = request?.PaymentTransaction?.AmountsReq?.RequestedAmount
    const currency = request?.PaymentTransaction?.AmountsReq?.Currency
    const saleTransaction = request?.SaleData?.SaleTransactionID
    if (typeof amount !== 'number' || !(amount > 0) || typeof currency !== 'string' || typeof saleTransaction?.TransactionID !== 'string' || serviceId === '') {
      return answer({ Response: failure('MessageFormat', 'PaymentRequest needs SaleTransactionID, RequestedAmount and Currency') })
    }
    if (this.#nextCard === 'busy') {
      this.#nextCard = null
      return answer({ Response: failure('Busy', 'Terminal busy with another transaction') })
    }
    if (this.#waiting) return answer({ Response: failure('Busy', 'Terminal busy with another transaction') })
    if (this.#options.ledger.find(saleId, serviceId)) return answer({ Response: failure('NotAllowed', `ServiceID ${serviceId} was used already`) })
    let card: TestCardName = this.#nextCard ?? 'approve'
    this.#nextCard = null
    let waited: Outcome | null = null
    if (card === 'no-card') {
      const presented = await this.#waitForCard(saleId, serviceId)
      if (typeof presented === 'string') card = presented
      else waited = presented
    }
    const outcome = waited ?? outcomeOf(card)
    const base = {
      card,
      saleTransaction,
      poiTransactionId: randomBytes(8).toString('hex').toUpperCase(),
      timeStamp: new Date(this.#options.now()).toISOString(),
      amount,
      currency,
      authCode: String(randomInt(100_000, 999_999)),
      poiid: this.#options.poiid,
    }
    const body = paymentAnswer({ ...base, errorCondition: outcome.errorCondition, message: outcome.message })
    this.#options.ledger.record({
      saleId,
      serviceId,
      transactionId: saleTransaction.TransactionID,
      poiTransactionId: base.poiTransactionId,
      amountCents: Math.round(amount * 100),
      state: outcome.state,
      response: body,
      createdAt: this.#options.now(),
    })
    if (card === 'timeout') {
      // Taken, and the answer lost on the way back: the connection drops before a byte of it is sent.
      response.socket?.destroy()
      return 'no-answer'
    }
    return answer(body)
  }

  /** The customer has the terminal: the payment waits for a card (answered with it), an abort from the till, or the terminal's own time-out. */
  #waitForCard(saleId: string, serviceId: string): Promise<Outcome | TestCardName> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => waiting.finish('Cancel', 'Timed out waiting for a card'), this.#options.cardWaitMs ?? 90_000)
      const done = (answer: Outcome | TestCardName) => {
        clearTimeout(timer)
        if (this.#waiting === waiting) this.#waiting = null
        resolve(answer)
      }
      const waiting: Waiting = {
        saleId,
        serviceId,
        finish: (errorCondition, message) => done({ errorCondition, message, state: errorCondition === 'Aborted' ? 'aborted' : 'cancelled' }),
        take: (card) => done(card),
      }
      this.#waiting = waiting
    })
  }

  #status(saleId: string, request: { MessageReference?: Header } | undefined): Record<string, unknown> {
    const reference = request?.MessageReference
    const serviceId = String(reference?.ServiceID ?? '')
    const ofSale = String(reference?.SaleID ?? saleId)
    if (this.#waiting && this.#waiting.saleId === ofSale && this.#waiting.serviceId === serviceId) {
      return { Response: failure('InProgress', 'Transaction still in progress') }
    }
    const found = this.#options.ledger.find(ofSale, serviceId)
    if (!found) return { Response: failure('NotFound', 'No transaction with that reference') }
    return {
      Response: { Result: 'Success' },
      MessageReference: { MessageCategory: 'Payment', SaleID: found.saleId, ServiceID: found.serviceId },
      RepeatedMessageResponse: {
        MessageHeader: { MessageCategory: 'Payment', MessageClass: 'Service', MessageType: 'Response', POIID: this.#options.poiid, SaleID: found.saleId, ServiceID: found.serviceId },
        RepeatedResponseMessageBody: { PaymentResponse: found.response },
      },
    }
  }

  #reversal(request: ReversalRequestBody | undefined): Record<string, unknown> {
    const poiTransactionId = request?.OriginalPOITransaction?.POITransactionID?.TransactionID
    const found = typeof poiTransactionId === 'string' ? this.#options.ledger.byPoiTransaction(poiTransactionId) : null
    if (!found) return { Response: failure('NotFound', 'No transaction to reverse with that reference') }
    // Reversing a reversed payment answers the reversal again: one refund, however often it is asked for.
    if (found.state !== 'approved' && found.state !== 'reversed') return { Response: failure('NotAllowed', `The transaction was ${found.state}: nothing to reverse`) }
    if (found.state === 'approved') this.#options.ledger.reverse(found.poiTransactionId, this.#options.now())
    return {
      Response: { Result: 'Success' },
      ReversedAmount: found.amountCents / 100,
      POIData: { POITransactionID: { TransactionID: randomBytes(8).toString('hex').toUpperCase(), TimeStamp: new Date(this.#options.now()).toISOString() } },
      OriginalPOITransaction: request?.OriginalPOITransaction,
    }
  }
}

interface PaymentRequestBody {
  SaleData?: { SaleTransactionID?: { TransactionID?: unknown; TimeStamp?: unknown } & { TransactionID: string } }
  PaymentTransaction?: { AmountsReq?: { Currency?: unknown; RequestedAmount?: unknown } }
}

interface ReversalRequestBody {
  OriginalPOITransaction?: { POITransactionID?: { TransactionID?: unknown } }
}
