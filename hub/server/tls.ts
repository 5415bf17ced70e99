import './reflect-metadata'
import * as x509 from '@peculiar/x509'
import { X509Certificate, webcrypto } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

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

x509.cryptoProvider.set(globalThis.crypto)

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' }
const TEN_YEARS_MS = 10 * 365 * 24 * 3600_000

export function certificateFingerprint(certPem: string): string {
  return new X509Certificate(certPem).fingerprint256.replace(/:/g, '').toLowerCase()
}

async function makeSelfSigned(hostnames: readonly string[], now: Date): Promise<{ key: string; cert: string }> {
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(16))).toString('hex').replace(/^[89a-f]/, '1'),
    name: 'CN=Foyer Hub',
    notBefore: new Date(now.getTime() - 3600_000),
    notAfter: new Date(now.getTime() + TEN_YEARS_MS),
    signingAlgorithm: ALGORITHM,
    keys: keys as unknown as Parameters<typeof x509.X509CertificateGenerator.createSelfSigned>[0]['keys'],
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(hostnames.map((value) => ({ type: /^[\d.]+$|:/.test(value) ? ('ip' as const) : ('dns' as const), value }))),
    ],
  })
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)
  return { key: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY'), cert: cert.toString('pem') }
}

/**
 * The venue's certificate when both paths are given, else the one kept in `<dataDir>/tls/`, made now
 * if there is none. The key file is readable by the hub's account only.
 */
export async function loadHubTls(options: { dataDir: string; certPath?: string; keyPath?: string; hostnames?: readonly string[] }): Promise<HubTls> {
  if (options.certPath || options.keyPath) {
    if (!options.certPath || !options.keyPath) throw new Error('Give both FOYER_HUB_TLS_CERT and FOYER_HUB_TLS_KEY, or neither.')
    const cert = readFileSync(options.certPath, 'utf8')
    return { key: readFileSync(options.keyPath, 'utf8'), cert, fingerprint: certificateFingerprint(cert) }
  }
  const dir = join(options.dataDir, 'tls')
  const certFile = join(dir, 'hub-cert.pem')
  const keyFile = join(dir, 'hub-key.pem')
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    const made = await makeSelfSigned(options.hostnames ?? ['localhost', '127.0.0.1'], new Date())
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    writeFileSync(keyFile, made.key, { mode: 0o600 })
    chmodSync(keyFile, 0o600)
    writeFileSync(certFile, made.cert)
  }
  const cert = readFileSync(certFile, 'utf8')
  return { key: readFileSync(keyFile, 'utf8'), cert, fingerprint: certificateFingerprint(cert) }
}
