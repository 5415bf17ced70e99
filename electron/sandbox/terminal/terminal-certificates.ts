import forge from 'node-forge'
import { generateKeyPairSync } from 'node:crypto'
import { metaValue, type SandboxDb } from '../database/database'

/**
 * The simulated terminal's certificate chain: a root of its own (standing in
 * for Adyen's terminal root certificate, which a box office installs) and the
 * terminal's certificate signed by it, named as Adyen names a terminal's
 * (`<POIID>.test.terminal.adyen.com`). Nothing trusts the root unless told to:
 * Foyer's training connection hands it to the adapter explicitly, as staff
 * point a real kiosk at the installed Adyen root. Kept in the sandbox's
 * database, so a training kiosk's trusted root stays valid across restarts.
 */
export interface TerminalChain {
  /** PEM of the root the terminal's certificate is signed by (what clients trust). */
  rootPem: string
  /** PEM of the terminal's own certificate. */
  certificatePem: string
  /** PEM (PKCS#8) of the terminal certificate's private key: stays in the sandbox. */
  keyPem: string
}

const DAY_MS = 86_400_000

function rsaKeys(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey; pem: string } {
  // Node's own key generation: forge's pure-JS RSA takes seconds on a slow machine.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return {
    privateKey: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }) as string),
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }) as string) as forge.pki.rsa.PublicKey,
    pem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  }
}

function certificate(options: {
  commonName: string
  issuer: forge.pki.Certificate | null
  signingKey: forge.pki.rsa.PrivateKey
  publicKey: forge.pki.rsa.PublicKey
  authority: boolean
  now: number
  /** Names the certificate is good for, beside its common name (a service's loopback address). */
  altNames?: ({ type: 2; value: string } | { type: 7; ip: string })[]
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate()
  cert.publicKey = options.publicKey
  // A random serial: two sandboxes' chains never look like the same certificate.
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(8))}`
  cert.validity.notBefore = new Date(options.now - DAY_MS)
  cert.validity.notAfter = new Date(options.now + 3650 * DAY_MS)
  const subject = [
    { name: 'commonName', value: options.commonName },
    { name: 'organizationName', value: 'Foyer training terminal' },
  ]
  cert.setSubject(subject)
  cert.setIssuer(options.issuer ? options.issuer.subject.attributes : subject)
  cert.setExtensions(
    options.authority
      ? [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
          { name: 'extKeyUsage', serverAuth: true },
          ...(options.altNames ? [{ name: 'subjectAltName', altNames: options.altNames }] : []),
        ],
  )
  cert.sign(options.signingKey, forge.md.sha256.create())
  return cert
}

/** A new root and a terminal certificate for `poiid` signed by it. */
export function newTerminalChain(poiid: string, now = Date.now()): TerminalChain {
  const root = rsaKeys()
  const rootCert = certificate({ commonName: 'Foyer training terminal root', issuer: null, signingKey: root.privateKey, publicKey: root.publicKey, authority: true, now })
  const leaf = rsaKeys()
  const leafCert = certificate({
    commonName: `${poiid}.test.terminal.adyen.com`,
    issuer: rootCert,
    signingKey: root.privateKey,
    publicKey: leaf.publicKey,
    authority: false,
    now,
  })
  return { rootPem: forge.pki.certificateToPem(rootCert), certificatePem: forge.pki.certificateToPem(leafCert), keyPem: leaf.pem }
}

/**
 * A root and a certificate for the sandbox's own API on loopback (`127.0.0.1`, `localhost`): what a
 * vendor's staging service would have from a CA, for `npm run sandbox -- --tls`, so Foyer can be set
 * up against it as a staging backend (https only) with the root trusted as a venue trusts a private CA.
 */
export function newServiceChain(now = Date.now()): TerminalChain {
  const root = rsaKeys()
  const rootCert = certificate({ commonName: 'Foyer sandbox service root', issuer: null, signingKey: root.privateKey, publicKey: root.publicKey, authority: true, now })
  const leaf = rsaKeys()
  const altNames = [{ type: 7 as const, ip: '127.0.0.1' }, { type: 2 as const, value: 'localhost' }]
  const leafCert = certificate({ commonName: 'localhost', issuer: rootCert, signingKey: root.privateKey, publicKey: leaf.publicKey, authority: false, now, altNames })
  return { rootPem: forge.pki.certificateToPem(rootCert), certificatePem: forge.pki.certificateToPem(leafCert), keyPem: leaf.pem }
}

/** The sandbox service's chain, made once per data folder and kept in its database (a restart keeps the trusted root). */
export function storedServiceChain(db: SandboxDb): TerminalChain {
  return JSON.parse(metaValue(db, 'service_chain', () => JSON.stringify(newServiceChain()))) as TerminalChain
}

/**
 * Chains made by this process: a sandbox in memory (every test starts several)
 * reuses one rather than paying for two RSA keys each time.
 */
const made = new Map<string, TerminalChain>()

/** The sandbox's terminal chain, made once and kept in its database. */
export function storedTerminalChain(db: SandboxDb, poiid: string): TerminalChain {
  const stored = metaValue(db, `terminal_chain:${poiid}`, () => {
    const chain = made.get(poiid) ?? newTerminalChain(poiid)
    made.set(poiid, chain)
    return JSON.stringify(chain)
  })
  return JSON.parse(stored) as TerminalChain
}
