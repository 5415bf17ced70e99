import { expect, type Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { TokenSource } from '../../electron/api/token-source'
import type { SandboxTerminal } from '../../electron/sandbox/server'
import { sandboxCliArgs } from '../support/built-sandbox'
import { terminalControls } from '../support/terminal-controls'
import { trustingFetch } from '../support/trusting-fetch'

/**
 * A venue's staging vendor for E2E: `npm run sandbox -- --tls --terminals N` in a process of its own,
 * shared by every device of the venue (one vendor for a box office), its API over https with a root
 * of its own and one simulated Adyen terminal per kiosk. Foyer is set up against it as a box office
 * sets up a staging backend: the root trusted as a private CA's (NODE_EXTRA_CA_CERTS, Node's own
 * setting, given to the host at start), the addresses, client secret and card terminal typed into
 * Staff settings (the secret and passphrase into the OS keychain), then "staging" chosen there.
 */
export interface StagingTerminal extends SandboxTerminal {
  /** The terminal's root, in a file, as staff point Foyer at Adyen's installed root. */
  rootFile: string
}

export interface StagingVendor {
  baseUrl: string
  authUrl: string
  imageBaseUrl: string
  tenant: string
  clientId: string
  clientSecret: string
  /** The root the API's certificate is signed by, in a file (the host's NODE_EXTRA_CA_CERTS). */
  rootFile: string
  terminals: StagingTerminal[]
  /** A terminal's training controls (plug it out), reached over the API's https. */
  controls(terminal: SandboxTerminal): ReturnType<typeof terminalControls>
  stop(): Promise<void>
}

const repoRoot = join(import.meta.dirname, '..', '..')

export async function startStagingVendor(terminals: number): Promise<StagingVendor> {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-e2e-vendor-'))
  // A tenant of its own: two venues' specs run side by side, and their hosts share one keychain, whose accounts are
  // `<backend>/<tenant>`; under one tenant name each venue's secret, bound to its own vendor's address, replaced the other's.
  const tenant = `foyer-staging-${randomBytes(4).toString('hex')}`
  const child = spawn(process.execPath, [...sandboxCliArgs(), '--port', '0', '--tls', '--terminals', String(terminals), '--tenant', tenant], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = once(child, 'exit').then(() => {})
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`the staging sandbox stopped (exit ${code}) before it was ready:\n${stderr}`)))
  })
  const said = JSON.parse(line) as Omit<StagingVendor, 'rootFile' | 'terminals' | 'controls' | 'stop'> & { rootCertificatePem: string; terminals: SandboxTerminal[] }
  const rootFile = join(dir, 'vendor-root.pem')
  writeFileSync(rootFile, said.rootCertificatePem)
  const described = said.terminals.map((terminal) => {
    const file = join(dir, `terminal-${terminal.poiid}-root.pem`)
    writeFileSync(file, terminal.rootCertificatePem)
    return { ...terminal, rootFile: file }
  })
  // The test itself trusts the vendor's root for the terminals' controls, as the hosts do for the API.
  const trusted = trustingFetch(said.rootCertificatePem)
  const tokens = new TokenSource({ authUrl: said.authUrl, clientId: said.clientId, secret: async () => said.clientSecret, fetch: trusted, now: Date.now, timeoutMs: 10_000 })
  return {
    baseUrl: said.baseUrl,
    authUrl: said.authUrl,
    imageBaseUrl: said.imageBaseUrl,
    tenant: said.tenant,
    clientId: said.clientId,
    clientSecret: said.clientSecret,
    rootFile,
    terminals: described,
    controls: (terminal) => terminalControls({ terminal }, tokens, trusted),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The venue's own address for walk-up sales: a vendor backend takes no sale under the training placeholder. */
export const VENUE_BOX_OFFICE_EMAIL = 'boxoffice@straits-theatre.example'

/**
 * On Staff settings (open): the staging vendor's addresses saved and its client secret stored, this
 * device's card terminal (a kiosk's; none at a counter, which takes cash) saved and its passphrase
 * stored, the venue's box office e-mail, and "Staging" chosen and saved: Foyer now sells there.
 */
export async function setUpStaging(page: Page, vendor: StagingVendor, terminal: StagingTerminal | null): Promise<void> {
  const { baseUrl, authUrl, imageBaseUrl, tenant, clientId } = vendor
  for (const [field, value] of Object.entries({ baseUrl, authUrl, imageBaseUrl, tenant, clientId })) await page.getByTestId(`staging-${field}`).fill(value)
  await page.getByTestId('staging-save').click()
  await expect(page.getByTestId('staging-result')).toHaveText('Saved.')
  await page.getByTestId('staging-secret').fill(vendor.clientSecret)
  await page.getByTestId('staging-store-secret').click()
  // Stored, and the settings read again: the venue's hosts share one keychain, so "is stored" may show before this
  // host's own store and reload, and that reload would put back what is typed below before it is saved.
  await expect(page.getByTestId('staging-result')).toHaveText('The client secret is stored in the system keychain.')
  await expect(page.getByTestId('staging-secret-state')).toHaveText('A client secret is stored.')
  if (terminal) {
    const { address, poiid, keyIdentifier } = terminal
    for (const [field, value] of Object.entries({ address, poiid, keyIdentifier })) await page.getByTestId(`terminal-${field}`).fill(value)
    await page.getByTestId('terminal-keyVersion').fill(String(terminal.keyVersion))
    await page.getByTestId('terminal-environment-test').click()
    await page.getByTestId('terminal-rootCertificatePath').fill(terminal.rootFile)
    await page.getByTestId('terminal-save').click()
    await expect(page.getByTestId('terminal-sale-id')).toBeVisible()
    await page.getByTestId('terminal-passphrase').fill(terminal.passphrase)
    await page.getByTestId('terminal-store-passphrase').click()
    await expect(page.getByTestId('terminal-passphrase-state')).toHaveText('A passphrase is stored for this terminal.')
  }
  await page.getByTestId('box-office-email').fill(VENUE_BOX_OFFICE_EMAIL)
  await expect(page.getByTestId('training-band')).toBeVisible()
  await page.getByTestId('use-staging').click()
  await page.getByTestId('admin-save').click()
  // Switched once main has connected to staging and saved: no training band on any screen from now on.
  await expect(page.getByTestId('training-band')).toHaveCount(0, { timeout: 30_000 })
}
