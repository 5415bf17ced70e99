import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Header } from './nexo-answers'

/**
 * The terminal's side of the wire, apart from what it answers (./nexo-terminal.ts): a request's body
 * read within a limit, the nexo envelope picked out of it before anything is decrypted, and JSON sent back.
 */

const BODY_LIMIT = 64 * 1024

export interface Secured {
  MessageHeader: Header
  NexoBlob: string
  SecurityTrailer: { KeyIdentifier?: unknown; KeyVersion?: unknown; Nonce?: unknown; Hmac?: unknown; AdyenCryptoVersion?: unknown }
}

export function parseSecured(raw: string): Secured | null {
  try {
    const secured = (JSON.parse(raw) as { SaleToPOIRequest?: Partial<Secured> }).SaleToPOIRequest
    if (!secured || typeof secured.NexoBlob !== 'string' || typeof secured.MessageHeader !== 'object' || typeof secured.SecurityTrailer !== 'object') return null
    if (secured.MessageHeader === null || secured.SecurityTrailer === null) return null
    return secured as Secured
  } catch {
    return null
  }
}

export const sortKeys = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))

export function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > BODY_LIMIT) {
        resolve(null)
        request.destroy()
      } else chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}
