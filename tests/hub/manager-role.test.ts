import { verify } from '@node-rs/argon2'
import { beforeAll, describe, expect, it } from 'vitest'
import { DashboardStaff, EndOfDayAnswer, SessionAnswer, StaffAnswer } from '../../hub/protocol'
import { migrate } from '../../hub/storage/migrate'
import { MIGRATIONS } from '../../hub/storage/migrations'
import { HUB_BACKENDS, hubDatabaseForFile, openEmptyDatabase } from '../support/hub-backends'
import { hubForFile } from '../support/hub-for-file'
import { managerBrowser, type ManagerBrowser } from '../support/hub-manager'

const FIRST_PASSWORD = 'correct horse battery'
const WEI_PASSWORD = 'lantern over the river'

/**
 * A staff account with the manager role runs the dashboard (issue #26): the manager who gives the
 * role sets a dashboard password; that person signs in by name; disabling them or taking the role
 * away ends their sessions at once. The first manager is a manager-role staff account too: one name per person.
 */
describe.each(HUB_BACKENDS)('manager-role staff accounts on the dashboard on %s', (backend) => {
  let clock = Date.parse('2026-11-26T20:00:00Z')
  const hub = hubForFile(backend, () => clock)
  let first: ManagerBrowser

  const signInAs = async (name: string, password: string) => {
    const browser = await managerBrowser(hub().url)
    const answer = await browser.send('POST', '/api/session', { name, password })
    return { browser, answer }
  }
  const account = async (name: string) => StaffAnswer.parse((await first.send('GET', '/api/staff')).body).accounts.find((a) => a.name === name)!

  beforeAll(async () => {
    first = await managerBrowser(hub().url)
    expect((await first.send('POST', '/api/managers/first', { code: hub().firstManagerCode, name: 'Mei Tan', password: FIRST_PASSWORD })).status).toBe(200)
  })

  it('makes the first manager a manager-role staff account, whose name nobody else may take', async () => {
    const mei = await account('Mei Tan')
    expect(mei).toMatchObject({ role: 'manager', dashboardPassword: true, disabled: false })
    expect((await first.send('POST', '/api/staff', { name: 'mei tan', role: 'cashier', pin: '739104' })).body).toEqual({ refused: 'name-taken' })
  })

  it('signs in a manager given the role with a password, which no answer carries, and attributes their close to them', async () => {
    const made = await first.send('POST', '/api/staff', { name: 'Wei Lim', role: 'manager', pin: '551902', password: WEI_PASSWORD })
    expect(made.status).toBe(200)
    expect(DashboardStaff.parse(made.body).dashboardPassword).toBe(true)
    const listed = await first.send('GET', '/api/staff')
    for (const answer of [made, listed]) expect(answer.bytes.toString()).not.toMatch(/lantern|argon2/)
    const { rows } = await hub().db.query("SELECT password_hash FROM staff_accounts WHERE name = 'Wei Lim'")
    const stored = (rows[0] as { password_hash: string }).password_hash
    expect(stored).toMatch(/^\$argon2id\$/)
    expect(await verify(stored, WEI_PASSWORD)).toBe(true)

    const { browser, answer } = await signInAs(' wei lim ', WEI_PASSWORD)
    expect(SessionAnswer.parse(answer.body).manager.name).toBe('Wei Lim')
    const closed = await browser.send('POST', '/api/days/2026-11-25/close')
    expect(EndOfDayAnswer.parse(closed.body).closed?.closedBy).toBe('Wei Lim')
  })

  it('refuses a manager role without a password, and a password under 12 characters', async () => {
    expect((await first.send('POST', '/api/staff', { name: 'Ravi Kumar', role: 'manager', pin: '620481' })).body).toEqual({ refused: 'password-needed' })
    expect((await first.send('POST', '/api/staff', { name: 'Ravi Kumar', role: 'manager', pin: '620481', password: 'too short' })).body).toEqual({
      refused: 'invalid-request',
      fields: ['password'],
    })
    const ravi = DashboardStaff.parse((await first.send('POST', '/api/staff', { name: 'Ravi Kumar', role: 'cashier', pin: '620481', password: 'never kept anywhere' })).body)
    // A cashier's password is not kept: only the manager role signs in to the dashboard.
    expect(ravi.dashboardPassword).toBe(false)
    expect((await signInAs('Ravi Kumar', 'never kept anywhere')).answer.body).toEqual({ refused: 'wrong-name-or-password' })
    const promote = { name: 'Ravi Kumar', role: 'manager', devices: [], places: [] }
    expect((await first.send('PUT', `/api/staff/${ravi.id}`, promote)).body).toEqual({ refused: 'password-needed' })
  })

  it('ends a manager’s sessions at once and refuses their sign-in when disabled, or when the role is taken away', async () => {
    const wei = await account('Wei Lim')
    const { browser } = await signInAs('Wei Lim', WEI_PASSWORD)
    expect((await first.send('POST', `/api/staff/${wei.id}/disable`)).status).toBe(200)
    expect((await browser.send('GET', '/api/session')).body).toEqual({ refused: 'signed-out' })
    expect((await signInAs('Wei Lim', WEI_PASSWORD)).answer.body).toEqual({ refused: 'wrong-name-or-password' })

    expect((await first.send('POST', `/api/staff/${wei.id}/enable`)).status).toBe(200)
    const again = await signInAs('Wei Lim', WEI_PASSWORD)
    expect(again.answer.status).toBe(200)
    const edit = { name: 'Wei Lim', role: 'supervisor', devices: [], places: [] }
    expect(DashboardStaff.parse((await first.send('PUT', `/api/staff/${wei.id}`, edit)).body).dashboardPassword).toBe(false)
    expect((await again.browser.send('GET', '/api/session')).body).toEqual({ refused: 'signed-out' })
    expect((await signInAs('Wei Lim', WEI_PASSWORD)).answer.body).toEqual({ refused: 'wrong-name-or-password' })
    // The old password is forgotten with the role: made manager again, they need a new one.
    expect((await first.send('PUT', `/api/staff/${wei.id}`, { ...edit, role: 'manager' })).body).toEqual({ refused: 'password-needed' })
  })

  it('locks a manager’s name out after five wrong passwords, then signs them in once the pause is over', async () => {
    const password = 'paper lanterns at dusk'
    expect((await first.send('POST', '/api/staff', { name: 'Siew Ling', role: 'manager', pin: '804417', password })).status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await signInAs('Siew Ling', 'wrong password!')).answer.body).toEqual({ refused: 'wrong-name-or-password' })
    expect((await signInAs('siew ling', password)).answer.body).toEqual({ refused: 'too-many-tries', retryAfterSeconds: 60 })
    clock += 61_000
    expect((await signInAs('Siew Ling', password)).answer.status).toBe(200)
  })
})

describe.each(HUB_BACKENDS)('the first manager made before managers were staff accounts, on %s', (backend) => {
  const database = hubDatabaseForFile(backend, openEmptyDatabase)

  it('becomes a manager-role staff account keeping password and session; an active account of that name is that person', async () => {
    const db = database()
    await migrate(db, MIGRATIONS.filter((m) => m.version < 9))
    const at = new Date('2026-11-20T10:00:00Z')
    const managerId = '6f9a3c1e-0000-4000-8000-0000000000a1'
    await db.query("INSERT INTO managers (id, name, password_hash, created_at) VALUES ($1, 'Mei Tan', '$argon2id$kept', $2)", [managerId, at])
    await db.query("INSERT INTO managers (id, name, password_hash, created_at) VALUES ('6f9a3c1e-0000-4000-8000-0000000000a2', 'Ann Ong', '$argon2id$ann', $1)", [at])
    await db.query("INSERT INTO manager_sessions (id_hash, manager_id, created_at, expires_at) VALUES ('s1', $1, $2, $2)", [managerId, at])
    await db.query(
      "INSERT INTO staff_accounts (id, name, role, pin_hash, created_at, changed_at) VALUES ('6f9a3c1e-0000-4000-8000-0000000000b1', 'ann ong', 'cashier', 'pin', $1, $1)",
      [at],
    )

    expect(await migrate(db)).toContain(9)

    const { rows } = await db.query('SELECT id, name, role, pin_hash, password_hash FROM staff_accounts ORDER BY lower(name)')
    expect(rows).toEqual([
      { id: '6f9a3c1e-0000-4000-8000-0000000000b1', name: 'ann ong', role: 'manager', pin_hash: 'pin', password_hash: '$argon2id$ann' },
      { id: managerId, name: 'Mei Tan', role: 'manager', pin_hash: null, password_hash: '$argon2id$kept' },
    ])
    expect((await db.query('SELECT manager_id FROM manager_sessions')).rows).toEqual([{ manager_id: managerId }])
    expect((await db.query("SELECT to_regclass('managers') AS t")).rows).toEqual([{ t: null }])
    // Ann's counters learn she is a manager now.
    expect((await db.query('SELECT version::int AS v FROM staff_version')).rows).toEqual([{ v: 2 }])
  })
})
