import { createPrivateKey, X509Certificate } from 'node:crypto'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadHubTls } from '../../hub/server/tls'

describe("the hub's own TLS certificate", () => {
  const dirs: string[] = []
  const newDir = () => {
    dirs.push(mkdtempSync(join(tmpdir(), 'foyer-hub-tls-')))
    return dirs.at(-1)!
  }
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('is made at first start, kept in the data folder (its key for the hub alone) and the same after', async () => {
    const dataDir = newDir()
    const first = await loadHubTls({ dataDir })
    const again = await loadHubTls({ dataDir })
    expect(again).toEqual(first)
    expect(statSync(join(dataDir, 'tls', 'hub-key.pem')).mode & 0o077).toBe(0)
    const cert = new X509Certificate(first.cert)
    expect(cert.verify(cert.publicKey)).toBe(true)
    expect(cert.subjectAltName).toContain('IP Address:127.0.0.1')
    expect(cert.fingerprint256.replace(/:/g, '').toLowerCase()).toBe(first.fingerprint)
    expect(cert.checkPrivateKey(createPrivateKey(first.key))).toBe(true)
  })

  it("is the venue's own when it gives one, and nothing is made", async () => {
    const venue = await loadHubTls({ dataDir: newDir() })
    const venueDir = dirs.at(-1)!
    const dataDir = newDir()
    const given = await loadHubTls({
      dataDir,
      certPath: join(venueDir, 'tls', 'hub-cert.pem'),
      keyPath: join(venueDir, 'tls', 'hub-key.pem'),
    })
    expect(given.fingerprint).toBe(venue.fingerprint)
    expect(() => statSync(join(dataDir, 'tls'))).toThrow()
    await expect(loadHubTls({ dataDir, certPath: join(venueDir, 'tls', 'hub-cert.pem') })).rejects.toThrow(/both/)
  })
})
