import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterEach, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../electron/sandbox/server'
import { sandboxCliArgs } from '../../support/built-sandbox'
import { SandboxClient } from '../../support/sandbox-client'
import { findShow, isOnSale, sectionsOf } from '../../support/sandbox-fixtures'

/** `npm run sandbox` as a separate process, read back through its one line of JSON. */
interface Running {
  child: ChildProcess
  info: Omit<Sandbox, 'close' | 'sweep'>
  client: SandboxClient
  stdoutLines: string[]
}

const running = new Set<ChildProcess>()

async function launch(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [...sandboxCliArgs(), ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  const stdoutLines: string[] = []
  const lines = createInterface({ input: child.stdout! })
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)))
  })
  stdoutLines.push(first)
  lines.on('line', (line) => stdoutLines.push(line))
  const info = JSON.parse(first) as Running['info']
  const client = new SandboxClient({ ...info, close: async () => {}, sweep: () => {} })
  return { child, info, client, stdoutLines }
}

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      running.delete(child)
      resolve(code)
    })
    child.kill(signal)
  })
}

afterEach(async () => {
  await Promise.all([...running].map((child) => stop(child, 'SIGKILL')))
})

const offerTwo = async (client: SandboxClient) => {
  const show = await findShow(client, (s) => s.venue === 'Grand Theatre' && isOnSale(s))
  const section = (await sectionsOf(client, show.productId))[0]!
  const offer = await client.get(`/products/${show.productId}/seatmap/availability`, {
    priceCatId: section.priceCategoryId, seatSectionId: section.seatSectionId, mode: 'HS', quantity: 2,
  })
  const ids: number[] = offer.body.setsReservedList[0].setsReserved.map((s: any) => s.inventoryId)
  return { show, section, ids }
}

// Each start is a process of its own that loads the sandbox (its bundle when current, else through tsx), up to seconds of CPU: the one
// walk through a data folder also checks the printed line, the clean stop on SIGTERM and the lock
// on the folder, so the suite starts the sandbox four times here, not six. Each test has the
// integration project's minute, the one with three starts two minutes.
describe('npm run sandbox', () => {
  it.each([
    [['--hold-ttl', 'soon'], '--hold-ttl must be a whole number of seconds'],
    [['--extra-events', '999999'], '--extra-events must be a whole number'],
    [['--terminals', '9'], '--terminals must be a whole number from 1 to 8'],
    [['--tenant', '../training'], '--tenant must be 1 to 64 letters'],
  ])('refuses bad arguments with a message and exit code 2: %s', async (args, message) => {
    const child = spawn(process.execPath, [...sandboxCliArgs(), ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const code = await new Promise((resolve) => child.once('exit', resolve))
    expect(code).toBe(2)
    expect(stderr).toContain(message)
  })

  it('returns held seats when --hold-ttl runs out', async () => {
    const { client } = await launch(['--port', '0', '--hold-ttl', '1'])
    const { show, ids } = await offerTwo(client)
    await new Promise((resolve) => setTimeout(resolve, 2_300))
    // The hold has lapsed: the seats can be picked again, and there is nothing to release.
    expect((await client.post(`/products/${show.productId}/seats`, { releasedSeatList: ids })).body.status).toBe('1')
    expect((await client.post(`/products/${show.productId}/seats`, { reservedSeatList: ids })).body.status).toBe(0)
  })

  it('prints one line of JSON, stops cleanly on SIGTERM, resumes from --data after that stop and after a crash, and locks the folder', async () => {
    const data = mkdtempSync(join(tmpdir(), 'foyer-sandbox-'))
    const first = await launch(['--port', '0', '--data', data])
    // The one line on stdout: the addresses and credentials, nothing else.
    expect(Object.keys(first.info).sort()).toEqual(['authUrl', 'baseUrl', 'clientId', 'clientSecret', 'imageBaseUrl', 'tenant', 'terminals'])
    expect(first.info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v0\/foyer-training$/)
    expect(first.info.authUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\/v0\/foyer-training\/oauth\/token$/)
    const held = await offerTwo(first.client)
    const sold = await offerTwo(first.client)
    const classes = (await first.client.get(`/products/${sold.show.productId}/tickettype`, { priceCatId: sold.section.priceCategoryId })).body
    const a = classes.find((c: any) => c.priceClassCode === 'A')
    const unit = a.priceValueAmount.amount + a.feeList.reduce((n: number, f: any) => n + f.charge.amount, 0)
    const total = Math.round(unit * 2 * 100) / 100
    const placed = await first.client.post('/orders/', {
      patronInfo: { patronType: 'G', email: 'restart@boxoffice.example' },
      cartItemList: [{ productId: sold.show.productId, seatSectionId: sold.section.seatSectionId, priceCatId: sold.section.priceCategoryId, mode: 'HS', inventoryIdList: sold.ids, priceClassList: [{ priceClassCode: 'A', quantity: 2 }] }],
      deliveryMethodCode: 'ETICKET', paymentMethodCode: 'VISA', totalAmount: total,
    })
    const ref = placed.body.transactionReferenceNumber
    expect((await first.client.post(`/orders/${ref}/confirm`, { paymentReference: 'R1', amountPaid: total })).status).toBe(200)
    expect(await stop(first.child)).toBe(0)
    expect(first.stdoutLines).toHaveLength(1)

    const second = await launch(['--port', '0', '--data', data])
    expect(second.info.clientSecret).toBe(first.info.clientSecret)
    expect((await second.client.get(`/orders/${ref}`)).body.orderStatus).toBe('CONFIRMED')
    expect((await second.client.post(`/products/${sold.show.productId}/seats`, { reservedSeatList: sold.ids })).body.status).toBe('1')
    // The held seats are still held: only a holder's release can free them.
    expect((await second.client.post(`/products/${held.show.productId}/seats`, { reservedSeatList: held.ids })).body.status).toBe('1')

    // A crash (SIGKILL) loses nothing committed, and the next start takes over the stale lock.
    await stop(second.child, 'SIGKILL')
    const third = await launch(['--port', '0', '--data', data])
    expect((await third.client.get(`/orders/${ref}`)).body.orderStatus).toBe('CONFIRMED')
    expect((await third.client.post(`/products/${held.show.productId}/seats`, { releasedSeatList: held.ids })).body.status).toBe(0)

    // Two sandboxes never share one data folder: a second start beside the running one is refused.
    const child = spawn(process.execPath, [...sandboxCliArgs(), '--data', data], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(2)
    expect(stderr).toContain('in use by another sandbox')
  }, 120_000)
})
