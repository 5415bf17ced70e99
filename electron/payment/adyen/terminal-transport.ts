import type { Config } from '@adyen/api-library'
import type ClientInterface from '@adyen/api-library/lib/src/httpClient/clientInterface'
import type { ClientRequest, IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { PeerCertificate, TLSSocket } from 'node:tls'

/**
 * How Foyer's messages reach a card terminal on the venue network: the Adyen
 * library builds, encrypts and decrypts each Terminal API message; this
 * carries it (the library's documented place for a client of one's own).
 *
 * Why not the library's own HTTP client: a payment must never be asked for
 * twice, so Foyer has to know whether a failed request reached the terminal.
 * Here a request that failed before the TLS handshake finished was never sent
 * (`TerminalNotReached`: nothing can have been charged), one that failed after
 * it may have been acted on (`TerminalAnswerLost`: ask for its status). The
 * time limit is for the whole exchange, not for a quiet socket. And the
 * terminal is trusted only if its chain leads to the root certificate the box
 * office installed and its certificate names the very terminal configured
 * (`<POIID>.<test|live>.terminal.adyen.com`, as Adyen names them).
 */
export type NotReachedReason = 'offline' | 'untrusted' | 'wrong-terminal'

export class TerminalNotReached extends Error {
  constructor(
    readonly reason: NotReachedReason,
    message: string,
  ) {
    super(message)
    this.name = 'TerminalNotReached'
  }
}

export class TerminalAnswerLost extends Error {
  override name = 'TerminalAnswerLost'
}

/** The terminal answered with an HTTP error: it refused the message (wrong key, tampered, malformed) and did nothing. */
export class TerminalRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`the terminal refused the message (HTTP ${status}): ${body.slice(0, 200)}`)
    this.name = 'TerminalRefused'
  }
}

export interface TerminalTransportOptions {
  /** The terminal's address on the venue network. */
  host: string
  port: number
  poiid: string
  environment: 'test' | 'live'
  /** PEM of the root certificate the terminal's chain must lead to (read for each connection: staff may replace the file). */
  rootCertificate: () => Promise<string | Buffer>
}

const RESPONSE_LIMIT = 512 * 1024

/** The certificate names accepted for a terminal: its own POIID, or Adyen's legacy shared name. */
function terminalNames(poiid: string, environment: 'test' | 'live'): string[] {
  return [`${poiid}.${environment}.terminal.adyen.com`, `legacy-terminal-certificate.${environment}.terminal.adyen.com`]
}

const untrustedCodes = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
])

export class TerminalTransport implements ClientInterface {
  readonly #options: TerminalTransportOptions

  constructor(options: TerminalTransportOptions) {
    this.#options = options
  }

  async request(_endpoint: string, json: string | Buffer, config: Config): Promise<string> {
    const { host, port, poiid, environment } = this.#options
    let ca: string | Buffer
    try {
      ca = await this.#options.rootCertificate()
    } catch (error) {
      throw new TerminalNotReached('untrusted', `the terminal root certificate cannot be read: ${(error as Error).message}`)
    }
    const names = terminalNames(poiid, environment)
    const timeoutMs = config.connectionTimeoutMillis ?? 30_000
    return new Promise<string>((resolve, reject) => {
      let sent = false
      let identityError: TerminalNotReached | null = null
      const request = httpsRequest({
        host,
        port,
        // The library always names port 8443; the address staff configured is what counts.
        path: '/nexo',
        method: 'POST',
        ca,
        minVersion: 'TLSv1.2',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) },
        // The terminal is addressed by IP, which its certificate cannot name: its POIID is checked instead.
        checkServerIdentity: (_host: string, certificate: PeerCertificate) => {
          const commonName = String(certificate.subject?.CN ?? '')
          if (names.includes(commonName)) return undefined
          identityError = new TerminalNotReached('wrong-terminal', `the terminal at ${host}:${port} presents itself as ${commonName || 'nobody'}, not ${poiid}`)
          return identityError
        },
      })
      const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs)
      request.on('socket', (socket) => (socket as TLSSocket).once('secureConnect', () => (sent = true)))
      request.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(deadline)
        if (sent) return reject(new TerminalAnswerLost(`the terminal's answer was lost: ${error.message}`))
        if (identityError) return reject(identityError)
        if (error.code && untrustedCodes.has(error.code)) {
          return reject(new TerminalNotReached('untrusted', `the terminal's certificate is not signed by the installed terminal root certificate (${error.code})`))
        }
        reject(new TerminalNotReached('offline', `the terminal at ${host}:${port} cannot be reached (${error.code ?? error.message})`))
      })
      request.on('response', (response) => {
        readAnswer(request, response, (status, body) => {
          clearTimeout(deadline)
          if (status >= 200 && status < 300) resolve(body)
          else reject(new TerminalRefused(status, body))
        })
      })
      request.end(json)
    })
  }
}

/**
 * Collects the terminal's answer, up to RESPONSE_LIMIT: a longer one destroys
 * the request, which its error event reports as an answer lost after sending.
 */
function readAnswer(request: ClientRequest, response: IncomingMessage, answered: (status: number, body: string) => void): void {
  const chunks: Buffer[] = []
  let size = 0
  response.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size > RESPONSE_LIMIT) return void request.destroy(new Error('the answer is too long'))
    chunks.push(chunk)
  })
  response.on('end', () => answered(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')))
  response.on('error', () => {
    // Reported through the request's error event, as an answer lost after sending.
  })
}
