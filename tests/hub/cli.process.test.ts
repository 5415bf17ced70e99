import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { get as httpsGet } from 'node:https'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { seeCertificate } from '../support/hub-device'

/** `npm run hub`'s program, started as a box office would on a fresh machine: PGlite in a data folder. */
function startHubProcess(dataDir: string, program = ['bin/foyer-hub.mjs', 'serve'], more: string[] = []): { child: ChildProcess; printed: Promise<string> } {
  const child = spawn(process.execPath, [...program, '--data', dataDir, '--port', '0', '--host', '127.0.0.1', ...more], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Many hubs at once in the suite: none takes the one health and metrics port (foyer-hub-cli's test serves it).
    env: { ...process.env, FOYER_HUB_METRICS: 'off' },
  })
  let output = ''
  const printed = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
      // No manager exists in these tests, so the code is always the last line printed.
      if (/one-time enrolment code: \S+\n/.test(output)) resolve(output)
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.once('exit', (code) => reject(new Error(`the hub exited (${code}): ${output}`)))
  })
  return { child, printed }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

describe('npm run hub', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-hub-cli-'))
  const children: ChildProcess[] = []
  afterAll(async () => {
    await Promise.all(children.map(stop))
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('starts on PGlite in its data folder, prints its address, fingerprint and the first manager code, and keeps both its certificate and that code', async () => {
    const first = startHubProcess(dataDir)
    children.push(first.child)
    const output = await first.printed
    const url = /Foyer Hub at (https:\/\/\S+) \(PGlite in /.exec(output)?.[1]
    const fingerprint = /Certificate fingerprint \(SHA-256\): ([0-9a-f]{64})/.exec(output)?.[1]
    const code = /First manager's one-time enrolment code: ([0-9A-Z]{4}(?:-[0-9A-Z]{4}){4})/.exec(output)?.[1]
    expect({ url: !!url, fingerprint: !!fingerprint, code: !!code }).toEqual({ url: true, fingerprint: true, code: true })
    expect((await seeCertificate(url!)).fingerprint).toBe(fingerprint)
    await stop(first.child)

    const second = startHubProcess(dataDir)
    children.push(second.child)
    const again = await second.printed
    expect(again).toContain(`Certificate fingerprint (SHA-256): ${fingerprint}`)
    // The page says to type the code the hub printed when it first started: a restart keeps it until used,
    // in a file only the hub's account reads.
    expect(again).toContain(`First manager's one-time enrolment code: ${code}`)
    const file = join(dataDir, 'first-manager-code')
    expect(again).toContain(`Kept until a first manager is made, in ${file}`)
    expect(readFileSync(file, 'utf8').trim()).toBe(code)
    expect(statSync(file).mode & 0o777).toBe(0o600)
  }, 120_000)

  it('on a fresh clone (no built page) builds the managers’ page first and serves it at /; stopped, it stops serving', async () => {
    const page = mkdtempSync(join(tmpdir(), 'foyer-hub-page-'))
    const fresh = startHubProcess(mkdtempSync(join(tmpdir(), 'foyer-hub-fresh-')), ['scripts/start-hub.mjs'], ['--dashboard', page])
    children.push(fresh.child)
    const output = await fresh.printed
    expect(output).toContain('The managers’ page is not built yet')
    const url = /Foyer Hub at (https:\/\/\S+) \(PGlite in /.exec(output)![1]!
    const answer = await insecureGet(url)
    expect(answer.status).toBe(200)
    expect(answer.type).toContain('text/html')
    expect(answer.body).toContain('<div id="app"')
    // Stopped as a process manager stops it (SIGTERM to the command's own process): the hub goes with it.
    await stop(fresh.child)
    await expect(insecureGet(url)).rejects.toThrow(/ECONNREFUSED/)
    rmSync(page, { recursive: true, force: true })
  }, 180_000)
})

/** GET over the hub's own certificate (this test trusts it by not checking: it only reads the page). */
function insecureGet(url: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpsGet(url, { rejectUnauthorized: false }, (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''), body }))
    })
    request.on('error', reject)
  })
}
