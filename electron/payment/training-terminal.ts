import { TokenSource } from '../api/token-source'
import type { SandboxTerminal } from '../terminal-protocol/sandbox-terminal'
import { testCardFaces } from '../terminal-protocol/test-cards'
import { AdyenTerminal } from './adyen/adyen-terminal'
import type { ChargeRequest, PaymentResult, PaymentTerminal, TerminalCheck } from './payment-port'

/**
 * The training backend's card terminal: the sandbox's Terminal API simulator,
 * reached through the very adapter a venue's Adyen terminal is (same messages,
 * same crypto, same certificate checks). Training adds one thing a real
 * terminal does not need: before a payment, the test card the training
 * customer picked on the screen is "presented" to the simulator through its
 * training controls, with the sandbox's credentials.
 */
export interface TrainingTerminalOptions {
  terminal: SandboxTerminal
  /** The sandbox's token endpoint and the client Foyer sells as there. */
  authUrl: string
  clientId: string
  secret: () => Promise<string>
  /** This till's id at the terminal. */
  saleId?: string
  timeouts?: ConstructorParameters<typeof AdyenTerminal>[0]['timeouts']
  fetcher?: typeof fetch
}

export class TrainingTerminal implements PaymentTerminal {
  readonly testCards = testCardFaces
  readonly name: string
  readonly #adapter: AdyenTerminal
  readonly #controlUrl: string
  readonly #tokens: TokenSource
  readonly #fetch: typeof fetch

  constructor(options: TrainingTerminalOptions) {
    const { terminal } = options
    this.#adapter = new AdyenTerminal({
      address: terminal.address,
      poiid: terminal.poiid,
      saleId: options.saleId ?? 'FOYER-TRAINING',
      keyIdentifier: terminal.keyIdentifier,
      keyVersion: terminal.keyVersion,
      passphrase: async () => terminal.passphrase,
      rootCertificate: async () => terminal.rootCertificatePem,
      environment: 'test',
      timeouts: options.timeouts,
    })
    this.name = `training ${this.#adapter.name}`
    this.#controlUrl = terminal.controlUrl
    this.#fetch = options.fetcher ?? globalThis.fetch.bind(globalThis)
    this.#tokens = new TokenSource({ authUrl: options.authUrl, clientId: options.clientId, secret: options.secret, fetch: this.#fetch, now: Date.now, timeoutMs: 10_000 })
  }

  async charge(request: ChargeRequest): Promise<PaymentResult> {
    if (request.testCard) {
      try {
        await this.#control('/card', { card: request.testCard })
      } catch (error) {
        // The card never reached the terminal, and so neither did the payment.
        return { outcome: 'unavailable', transactionId: null, brand: null, last4: null, detail: `the training terminal's controls did not answer: ${(error as Error).message}` }
      }
    }
    return this.#adapter.charge({ ...request, testCard: undefined })
  }

  status(key: string): Promise<PaymentResult | null> {
    return this.#adapter.status(key)
  }

  refund(key: string): Promise<void> {
    return this.#adapter.refund(key)
  }

  abort(key: string): Promise<void> {
    return this.#adapter.abort(key)
  }

  check(): Promise<TerminalCheck> {
    return this.#adapter.check()
  }

  /** A training control request with a bearer token (renewed once if refused: it lapsed, or the sandbox restarted). */
  async #control(path: string, body: unknown): Promise<void> {
    const response = await this.#tokens.authorised((token) =>
      this.#fetch(`${this.#controlUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      }),
    )
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
  }
}
