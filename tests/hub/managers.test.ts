import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DashboardRefusal, SessionAnswer } from '../../hub/protocol'
import { startHub, type Hub } from '../../hub/server/hub-server'
import { HUB_BACKENDS } from '../support/hub-backends'
import { hubForFile } from '../support/hub-for-file'
import { managerBrowser, signIn } from '../support/hub-manager'

const PASSWORD = 'correct horse battery'

describe.each(HUB_BACKENDS)("the hub's managers and their sessions on %s", (backend) => {
  let clock = Date.parse('2026-11-26T18:00:00Z')
  const hub = hubForFile(backend, () => clock)
  // A second hub process on the same database: a session must hold on every process.
  let other: Hub
  let otherDir: string
  beforeAll(async () => {
    otherDir = mkdtempSync(join(tmpdir(), 'foyer-hub-'))
    other = await startHub({ dataDir: otherDir, db: hub().db, now: () => clock })
  })
  afterAll(async () => {
    await other?.close()
    rmSync(otherDir, { recursive: true, force: true })
  })
  // The second hub's folder keeps no code, so its start replaced the first's: the one printed last holds.
  const code = () => other.firstManagerCode!

  it('makes the first manager with the one-time code, once, also under eight tries at once; wrong codes lock it out', async () => {
    const browser = await managerBrowser(hub().url)
    // Until a manager exists, the page is told to open on the first manager's form.
    expect((await browser.send('GET', '/api/session')).body).toEqual({ refused: 'signed-out', firstManagerNeeded: true })
    const first = (code: string, name = 'Mei Tan') => browser.send('POST', '/api/managers/first', { code, name, password: PASSWORD })
    for (let i = 0; i < 5; i++) expect((await first('AAAA-BBBB-CCCC-DDDD-EEEE')).body).toEqual({ refused: 'code-not-valid' })
    const locked = await first(code())
    expect(locked.status).toBe(429)
    expect(DashboardRefusal.parse(locked.body)).toEqual({ refused: 'too-many-tries', retryAfterSeconds: 60 })
    clock += 61_000

    const tries = await Promise.all(Array.from({ length: 8 }, (_, i) => first(code().toLowerCase(), `Manager ${i}`)))
    expect(tries.filter((t) => t.status === 200)).toHaveLength(1)
    expect(tries.filter((t) => t.status === 403).map((t) => t.body)).toEqual(Array(7).fill({ refused: 'code-not-valid' }))
    const { rows } = await hub().db.query('SELECT count(*)::int AS n FROM staff_accounts WHERE password_hash IS NOT NULL')
    expect(rows).toEqual([{ n: 1 }])
    // The code the hub kept for the first manager is gone from its folder with its use.
    expect(existsSync(hub().firstManagerFile!)).toBe(false)
    // The losers were told the code is used, not counted as guesses: the code is simply spent.
    expect((await first(code())).status).toBe(403)
    await hub().db.query("UPDATE staff_accounts SET name = 'Mei Tan'")
  })

  it('keeps a session in an HttpOnly, Secure, SameSite=Strict cookie, stored only hashed, honoured by every hub process, until signed out', async () => {
    const browser = await managerBrowser(hub().url)
    expect((await browser.send('GET', '/api/session')).body).toEqual({ refused: 'signed-out' })
    const answer = await browser.send('POST', '/api/session', { name: ' mei tan ', password: PASSWORD })
    expect(SessionAnswer.parse(answer.body).manager.name).toBe('Mei Tan')
    const cookie = String(answer.headers['set-cookie'])
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/Secure/)
    expect(cookie).toMatch(/SameSite=Strict/)
    const sessionId = browser.cookie!.split('=')[1]!
    const stored = await hub().db.query('SELECT id_hash FROM manager_sessions')
    expect(JSON.stringify(stored.rows)).not.toContain(sessionId)

    const elsewhere = await managerBrowser(other.url)
    elsewhere.cookie = browser.cookie
    expect((await elsewhere.send('GET', '/api/session')).status).toBe(200)
    expect((await elsewhere.send('DELETE', '/api/session', undefined, { origin: other.url })).status).toBe(204)
    expect((await browser.send('GET', '/api/session')).status).toBe(401)
    expect((await elsewhere.send('GET', '/api/devices')).status).toBe(401)
  })

  it('ends a session when it expires', async () => {
    const browser = await managerBrowser(hub().url)
    await signIn(browser, 'Mei Tan', PASSWORD)
    clock += 11 * 3600_000
    expect((await browser.send('GET', '/api/session')).status).toBe(200)
    clock += 2 * 3600_000
    expect((await browser.send('GET', '/api/session')).body).toEqual({ refused: 'signed-out' })
  })

  it('refuses a request that changes something from any origin but its own, even with the cookie', async () => {
    const browser = await managerBrowser(hub().url)
    await signIn(browser, 'Mei Tan', PASSWORD)
    const add = { name: 'Lobby kiosk 1', place: 'Lobby' }
    for (const origin of ['https://evil.example', null, 'http://127.0.0.1']) {
      const refused = await browser.send('POST', '/api/devices', add, { origin })
      expect({ origin, status: refused.status, body: refused.body }).toEqual({ origin, status: 403, body: { refused: 'wrong-origin' } })
    }
    expect((await browser.send('DELETE', '/api/session', undefined, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await browser.send('GET', '/api/session')).status).toBe(200)
    const signInElsewhere = await (await managerBrowser(hub().url)).send('POST', '/api/session', { name: 'Mei Tan', password: PASSWORD }, { origin: 'https://evil.example' })
    expect(signInElsewhere.status).toBe(403)
    expect((await browser.send('POST', '/api/devices', add)).status).toBe(200)
  })

  it('locks signing in as one name after five wrong passwords, not another name, until the pause is over', async () => {
    const browser = await managerBrowser(hub().url)
    const tryAs = (name: string, password: string) => browser.send('POST', '/api/session', { name, password })
    for (let i = 0; i < 5; i++) expect((await tryAs('Mei Tan', 'not the password')).body).toEqual({ refused: 'wrong-name-or-password' })
    const locked = await tryAs('MEI TAN', PASSWORD)
    expect({ status: locked.status, body: locked.body, header: locked.headers['retry-after'] }).toEqual({
      status: 429,
      body: { refused: 'too-many-tries', retryAfterSeconds: 60 },
      header: '60',
    })
    expect((await tryAs('Nobody', 'not the password')).body).toEqual({ refused: 'wrong-name-or-password' })
    clock += 61_000
    expect((await tryAs('Mei Tan', PASSWORD)).status).toBe(200)
  })

  it('answers a body it cannot read with invalid-request, naming the fields', async () => {
    const browser = await managerBrowser(hub().url)
    expect((await browser.send('POST', '/api/session', { name: '' })).body).toEqual({ refused: 'invalid-request', fields: ['name', 'password'] })
    expect((await browser.send('POST', '/api/managers/first', { code: 'x', name: 'Ann', password: 'short' })).body).toEqual({ refused: 'invalid-request', fields: ['password'] })
  })
})

