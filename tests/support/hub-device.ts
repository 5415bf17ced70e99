import { X509Certificate } from 'node:crypto'
import { request } from 'node:https'
import { connect } from 'node:tls'
import { AddDeviceAnswer, enrolWithHub, normaliseFingerprint, type EnrolmentResult } from '../../hub/protocol'
import type { ManagerBrowser } from './hub-manager'

/**
 * A device's side of the hub's wire, as Foyer will speak it: a first TLS look at the hub's
 * certificate (nothing trusted yet), then every request pinned to exactly that certificate.
 */
export interface SeenCertificate {
  fingerprint: string
  pem: string
}

/** The certificate a TLS connection to `url` is given (as a device sees it before enrolling). */
export function seeCertificate(url: string): Promise<SeenCertificate> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), rejectUnauthorized: false }, () => {
      const cert = socket.getPeerCertificate()
      socket.end()
      resolve({ fingerprint: normaliseFingerprint(cert.fingerprint256), pem: new X509Certificate(cert.raw).toString() })
    })
    socket.once('error', reject)
  })
}

/** POSTs JSON over HTTPS trusting only the pinned certificate (and checking its fingerprint again). */
export function postJson(
  url: string,
  path: string,
  body: unknown,
  options: { pinned: SeenCertificate; token?: string },
): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, url), {
      method: 'POST',
      ca: options.pinned.pem,
      checkServerIdentity: (_host, cert) =>
        normaliseFingerprint(cert.fingerprint256) === options.pinned.fingerprint ? undefined : new Error('not the pinned certificate'),
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
    })
    req.once('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.once('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : undefined })
      })
    })
    req.once('error', reject)
    req.end(payload)
  })
}

export interface EnrolledDevice {
  deviceId: string
  token: string
  pinned: SeenCertificate
  post(path: string, body: unknown): Promise<{ status: number; body: unknown }>
}

/** Enrols as a device would: look at the certificate, prove the code against it, pin it. */
export async function enrolAt(url: string, code: string): Promise<{ result: EnrolmentResult; device?: EnrolledDevice }> {
  const pinned = await seeCertificate(url)
  const result = await enrolWithHub({
    code,
    seenFingerprint: pinned.fingerprint,
    appVersion: '0.1.0',
    send: (req) => postJson(url, '/device/enrol', req, { pinned }),
  })
  if (!result.ok) return { result }
  const token = result.deviceToken
  const post = (path: string, body: unknown) => postJson(url, path, body, { pinned, token })
  return { result, device: { deviceId: result.deviceId, token, pinned, post } }
}

/** A device the manager adds on the dashboard (a one-time code), enrolled at once with that code. */
export async function addedAndEnrolled(manager: ManagerBrowser, url: string, device: { name: string; place?: string }): Promise<EnrolledDevice> {
  const answer = AddDeviceAnswer.parse((await manager.send('POST', '/api/devices', device)).body)
  return (await enrolAt(url, answer.code)).device!
}
