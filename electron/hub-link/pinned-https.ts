import { X509Certificate } from 'node:crypto'
import { request } from 'node:https'
import { connect } from 'node:tls'
import { normaliseFingerprint } from '../../hub/protocol'

/**
 * The device's side of the hub's wire. The lobby network is not trusted and the hub's certificate is
 * its own (no public CA vouches for it), so nothing rests on a CA: before enrolling, the device looks
 * at the certificate it is given and goes on only if its fingerprint is the one staff typed (or
 * scanned) from the hub's dashboard; from then on every request trusts exactly that certificate (as
 * its only CA) and checks its fingerprint again. Any other certificate is refused.
 */
export interface PinnedCertificate {
  /** SHA-256 of the certificate, lower-case hex (hub/protocol normaliseFingerprint). */
  fingerprint: string
  pem: string
}

export class HubCertificateRefused extends Error {
  override readonly name = 'HubCertificateRefused'
}

/** A hub that takes longer than this to answer is taken as not answering now (the next try comes later). */
const ANSWER_WITHIN_MS = 10_000
/** The protocol's answers are small; a longer one is not the hub's. */
const MAX_ANSWER_BYTES = 1024 * 1024

/** The certificate a TLS connection to `url` is given, refused unless its fingerprint is `expected`. */
export function certificateAt(url: string, expected: string): Promise<PinnedCertificate> {
  const { hostname, port } = new URL(url)
  const wanted = normaliseFingerprint(expected)
  return new Promise((resolve, reject) => {
    // Nothing is sent on this connection: it only shows the certificate, which is judged by its fingerprint alone.
    const socket = connect({ host: hostname, port: Number(port || 443), rejectUnauthorized: false, timeout: ANSWER_WITHIN_MS }, () => {
      const cert = socket.getPeerCertificate()
      socket.end()
      const seen = normaliseFingerprint(cert.fingerprint256)
      if (seen !== wanted) reject(new HubCertificateRefused('the hub answered with another certificate than the one given'))
      else resolve({ fingerprint: seen, pem: new X509Certificate(cert.raw).toString() })
    })
    socket.once('timeout', () => socket.destroy(new Error('the hub did not answer in time')))
    socket.once('error', reject)
  })
}

export interface HubAnswer {
  status: number
  body: unknown
}

/** POSTs JSON to the hub over HTTPS that trusts only the pinned certificate; the token, when given, as a bearer. */
export function postPinned(url: string, path: string, body: unknown, pinned: PinnedCertificate, token?: string): Promise<HubAnswer> {
  return postPinnedJson(url, path, JSON.stringify(body), pinned, token)
}

/** As postPinned, with the body already written as JSON (a support file: its logs written on a worker thread, ../logging/support-logs.ts). */
export function postPinnedJson(url: string, path: string, payload: string, pinned: PinnedCertificate, token?: string): Promise<HubAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, url), {
      method: 'POST',
      ca: pinned.pem,
      timeout: ANSWER_WITHIN_MS,
      // The hub's certificate names whatever the hub was started as; the fingerprint is what is pinned.
      checkServerIdentity: (_host, cert) =>
        normaliseFingerprint(cert.fingerprint256) === pinned.fingerprint ? undefined : new HubCertificateRefused('not the pinned certificate'),
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    })
    req.once('response', (res) => {
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > MAX_ANSWER_BYTES) req.destroy(new Error('the hub answered with more than the protocol says'))
        else chunks.push(chunk)
      })
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body: parseJson(Buffer.concat(chunks).toString('utf8')) }))
    })
    req.once('timeout', () => req.destroy(new Error('the hub did not answer in time')))
    req.once('error', reject)
    req.end(payload)
  })
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined
  } catch {
    return undefined
  }
}
