import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server'
import { SandboxClient, sandboxWithClient } from '../../support/sandbox-client'
import { findShow, isOnSale, orderHeldSeats, sectionsOf, type SectionFixture, type ShowFixture } from '../../support/sandbox-fixtures'

/**
 * Several training clients at one sandbox (kiosks of one venue): a seat held by
 * one client is that client's alone to release or order, and an order is its
 * placer's alone to read, confirm or cancel. The sandbox's payment terminal
 * wants a token like every route. The Date header tells the sandbox's clock.
 */
let clock = Date.now()
let sandbox: Sandbox
let a: SandboxClient
let b: SandboxClient
let theatre: ShowFixture
let stalls: SectionFixture

const idsOf = (body: any): number[] => body.setsReservedList.flatMap((s: any) => s.setsReserved.map((seat: any) => seat.inventoryId))
const hotShow = async (client: SandboxClient, quantity: number) =>
  (await client.get(`/products/${theatre.productId}/seatmap/availability`, { priceCatId: stalls.priceCategoryId, seatSectionId: stalls.seatSectionId, mode: 'HS', quantity }))
    .body
const release = (client: SandboxClient, ids: number[]) => client.post(`/products/${theatre.productId}/seats`, { releasedSeatList: ids })

const orderSeats = (client: SandboxClient, ids: number[]) => orderHeldSeats(client, { productId: theatre.productId, ...stalls }, ids)

beforeAll(async () => {
  ;({ sandbox, client: a } = await sandboxWithClient({ now: () => clock, holdTtlSeconds: 600 }))
  b = new SandboxClient(sandbox, sandbox.clients[1]!)
  theatre = await findShow(a, (s) => s.venue === 'Grand Theatre' && isOnSale(s))
  stalls = (await sectionsOf(a, theatre.productId)).find((s) => s.seatSectionAlias === 'Stalls Centre')!
})
afterAll(() => sandbox.close())

describe('training clients', () => {
  it('has several clients, each with its own secret; the first is clientId/clientSecret', () => {
    expect(sandbox.clients.length).toBeGreaterThanOrEqual(2)
    expect(sandbox.clients[0]).toEqual({ clientId: sandbox.clientId, clientSecret: sandbox.clientSecret })
    expect(new Set(sandbox.clients.map((c) => c.clientSecret)).size).toBe(sandbox.clients.length)
    expect(new Set(sandbox.clients.map((c) => c.clientId)).size).toBe(sandbox.clients.length)
  })

  it('refuses to release another client’s held seats (status 1, nothing changes); the holder may', async () => {
    const ids = idsOf(await hotShow(a, 2))
    const refused = await release(b, ids)
    expect(refused.status).toBe(200)
    expect(refused.body.status).toBe('1')
    expect(refused.body.statusMessage).toMatch(/not reserved/)
    // All or nothing: one seat of its own in the list does not make B's release of A's seat go through.
    const mine = idsOf(await hotShow(b, 1))
    expect((await release(b, [...mine, ids[0]!])).body.status).toBe('1')
    expect((await release(b, mine)).body.status).toBe(0)
    // Still A's: B cannot reserve them either; A releases them.
    expect((await b.post(`/products/${theatre.productId}/seats`, { reservedSeatList: ids })).body.status).toBe('1')
    expect((await release(a, ids)).body.status).toBe(0)
  })

  it('refuses to order another client’s held seats', async () => {
    const ids = idsOf(await hotShow(a, 2))
    const refused = await orderSeats(b, ids)
    expect(refused.status).toBe(400)
    expect(refused.body.errorCode).toBe('error.order.inventory.invalid')
    const placed = await orderSeats(a, ids)
    expect(placed.status).toBe(200)
    await a.post(`/orders/${placed.body.transactionReferenceNumber}/cancel`)
  })

  it('keeps an order its placer’s: another client cannot read, confirm or cancel it', async () => {
    const placed = await orderSeats(a, idsOf(await hotShow(a, 1)))
    const ref = placed.body.transactionReferenceNumber as string
    const total = placed.body.amountToBePaid.amount as number
    for (const answer of [
      await b.get(`/orders/${ref}`),
      await b.post(`/orders/${ref}/confirm`, { paymentReference: 'PAY-B', amountPaid: total }),
      await b.post(`/orders/${ref}/cancel`),
    ]) {
      expect(answer.status).toBe(400)
      expect(answer.body.errorCode).toBe('error.order.not-found')
    }
    expect((await a.get(`/orders/${ref}`)).body.orderStatus).toBe('PENDING_PAYMENT')
    expect((await a.post(`/orders/${ref}/cancel`)).body.orderStatus).toBe('CANCELLED')
  })

  it('a seat another client held, once its hold lapsed, is free for anyone; the old holder cannot release the new one’s hold', async () => {
    const ids = idsOf(await hotShow(a, 2))
    clock += 601_000
    try {
      expect((await b.post(`/products/${theatre.productId}/seats`, { reservedSeatList: ids })).body.status).toBe(0)
      expect((await release(a, ids)).body.status).toBe('1')
      expect((await release(b, ids)).body.status).toBe(0)
    } finally {
      clock -= 601_000
    }
  })

  it('says its own clock in the Date header', async () => {
    const answer = await a.get('/icc', { size: 1 })
    expect(Date.parse(answer.headers.get('date')!)).toBe(Math.floor(clock / 1000) * 1000)
  })
})

describe('the simulated terminal’s training controls', () => {
  const control = (headers: Record<string, string>, path: string, body?: unknown) =>
    fetch(`${sandbox.terminal.controlUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  it('refuses a request without a valid token with 401, and changes nothing', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not.a.token' }, { authorization: a.basic() }]
    for (const headers of attempts) {
      expect((await control(headers, '/card', { card: 'decline' })).status).toBe(401)
      expect((await control(headers, '/network', { online: false })).status).toBe(401)
      expect((await control(headers, '/transactions')).status).toBe(401)
    }
  })

  it('takes a card for the next customer with a token, and refuses cards it does not have', async () => {
    const bearer = { authorization: `Bearer ${await a.token()}` }
    expect((await control(bearer, '/card', { card: 'approve' })).status).toBe(200)
    expect((await control(bearer, '/card', { card: 'platinum' })).status).toBe(400)
    expect((await control(bearer, '/transactions')).status).toBe(200)
  })
})

describe('a data folder from before clients were told apart', () => {
  it('opens, and its held seats stay the first client’s', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-sandbox-old-'))
    try {
      // The schema as it was: seat_state without a holder.
      const old = new Database(join(dataDir, 'sandbox.db'))
      old.exec('CREATE TABLE seat_state (inventory_id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL, status INTEGER NOT NULL, until INTEGER NOT NULL, order_ref TEXT)')
      const seat = theatre.productId * 100_000 + 7
      old.prepare('INSERT INTO seat_state VALUES (?, ?, 1, ?, NULL)').run(seat, theatre.productId, Date.now() + 600_000)
      old.close()
      const reopened = await startSandbox({ dataDir, log: () => {} })
      try {
        const first = new SandboxClient(reopened)
        const second = new SandboxClient(reopened, reopened.clients[1]!)
        const path = `/products/${theatre.productId}/seats`
        expect((await second.post(path, { releasedSeatList: [seat] })).body.status).toBe('1')
        expect((await first.post(path, { releasedSeatList: [seat] })).body.status).toBe(0)
      } finally {
        await reopened.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
