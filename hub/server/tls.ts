import forge from 'node-forge'
import { generateKeyPair, X509Certificate } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { normaliseFingerprint } from '../protocol'

/**
 * The hub's own TLS. A venue may give its certificate and key (PEM files); otherwise the hub makes
 * a self-signed one at first start, keeps it in the data folder's `tls/` and reuses it after, since
 * devices pin its fingerprint at enrolment: a new certificate would cut every device off.
 */
export interface HubTls {
  key: string
  cert: string
  /** SHA-256 of the certificate's DER, lower-case hex: what devices pin. */
  fingerprint: string
}

const DAY_MS = 86_400_000
const HOSTNAMES = ['localhost', '127.0.0.1']

/** As devices pin it: the protocol's form of the certificate's SHA-256. */
function certificateFingerprint(certPem: string): string {
  return normaliseFingerprint(new X509Certificate(certPem).fingerprint256)
}

/** Self-signed with node-forge, as the sandbox's terminal certificates are; the key is Node's (forge's own RSA is slow). */
async function makeSelfSigned(now: number): Promise<{ key: string; cert: string }> {
  const keys = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 })
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKey.export({ type: 'spki', format: 'pem' }) as string)
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(16))}`
  cert.validity.notBefore = new Date(now - DAY_MS)
  cert.validity.notAfter = new Date(now + 3650 * DAY_MS)
  const name = [{ name: 'commonName', value: 'Foyer Hub' }]
  cert.setSubject(name)
  cert.setIssuer(name)
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: HOSTNAMES.map((value) => (/^[\d.]+$/.test(value) ? { type: 7, ip: value } : { type: 2, value })) },
  ])
  const key = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string
  cert.sign(forge.pki.privateKeyFromPem(key), forge.md.sha256.create())
  return { key, cert: forge.pki.certificateToPem(cert) }
}

/**
 * The venue's certificate when both paths are given, else the one kept in `<dataDir>/tls/`, made now
 * if there is none. The key file is readable by the hub's account only.
 */
export async function loadHubTls(options: { dataDir: string; certPath?: string; keyPath?: string }): Promise<HubTls> {
  if (options.certPath || options.keyPath) {
    if (!options.certPath || !options.keyPath) throw new Error('Give both FOYER_HUB_TLS_CERT and FOYER_HUB_TLS_KEY, or neither.')
    const cert = readFileSync(options.certPath, 'utf8')
    return { key: readFileSync(options.keyPath, 'utf8'), cert, fingerprint: certificateFingerprint(cert) }
  }
  const dir = join(options.dataDir, 'tls')
  const certFile = join(dir, 'hub-cert.pem')
  const keyFile = join(dir, 'hub-key.pem')
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    const made = await makeSelfSigned(Date.now())
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    writeFileSync(keyFile, made.key, { mode: 0o600 })
    chmodSync(keyFile, 0o600)
    writeFileSync(certFile, made.cert)
  }
  const cert = readFileSync(certFile, 'utf8')
  return { key: readFileSync(keyFile, 'utf8'), cert, fingerprint: certificateFingerprint(cert) }
}
