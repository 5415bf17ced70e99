import { beforeAll, describe, expect, it } from 'vitest'
import { UploadAnswer, type Heartbeat, type RecordEnvelope, type SalePayload } from '../../hub/protocol'
import { forgetPastPatrons } from '../../hub/storage/patron-table'
import { recordsOfDevice } from '../../hub/storage/record-table'
import { salesWithReference, todayAnswer } from '../../hub/server/day/today-views'
import { HUB_BACKENDS } from '../support/hub-backends'
import { enrolAt, type EnrolledDevice } from '../support/hub-device'
import { hubForFile } from '../support/hub-for-file'
import { readyHeartbeat, salePayload } from '../support/hub-heartbeats'

const DAY = 24 * 3_600_000

/**
 * The hub keeps a sale's patron only as long as its device's window says (the shorter of the window
 * the sale was sent with and the one the device's last heartbeat said), and forgets nothing else.
 */
describe.each(HUB_BACKENDS)("the hub's patron retention on %s", (backend) => {
  const now = Date.parse('2026-11-26T10:00:00Z')
  const hub = hubForFile(backend, () => now)
  let device: EnrolledDevice

  async function enrol(name: string): Promise<EnrolledDevice> {
    const { code } = await hub().createDeviceEnrolmentCode({ name })
    return (await enrolAt(hub().url, code)).device!
  }
  const beat = (on: EnrolledDevice, patronDays: unknown) => on.post('/device/heartbeat', { ...readyHeartbeat, patronDays })
  const sale = (n: number, daysAgo: number, patronDays = 30): RecordEnvelope => {
    const payload: SalePayload = { ...salePayload(n), saleId: `sale-${n}`, bookingReference: `BK-${n}`, patron: { email: `p${n}@example.com`, firstName: 'Siew', lastName: 'Ling' }, patronDays }
    return { deviceRecordId: `sale:sale-${n}`, kind: 'sale', occurredAt: new Date(now - daysAgo * DAY).toISOString(), payload }
  }
  async function upload(on: EnrolledDevice, records: RecordEnvelope[]): Promise<UploadAnswer> {
    const answer = UploadAnswer.parse((await on.post('/device/records', { records })).body)
    expect(answer.results.map((r) => r.outcome)).toEqual(records.map(() => 'stored'))
    return answer
  }
  const patrons = async (on: EnrolledDevice) =>
    Object.fromEntries((await recordsOfDevice(hub().db, on.deviceId)).map((r) => [r.device_record_id, (r.payload as SalePayload).patron?.email ?? null]))

  beforeAll(async () => {
    device = await enrol('Counter 1')
    expect(await beat(device, 30)).toMatchObject({ status: 200, body: { status: 'ok' } })
  })

  it("forgets the patron of a sale past the device's window, keeps one inside it, and that day's figures stay to the cent", async () => {
    await upload(device, [sale(1, 31), sale(2, 29)])
    await upload(device, [{ deviceRecordId: 'refund:sale-1:1', kind: 'refund', occurredAt: new Date(now - 31 * DAY + 60_000).toISOString(), payload: { backend: 'production/citytheatre', training: false, saleId: 'sale-1', bookingReference: 'BK-1', seq: 1, refersTo: 1, tender: 'card', amountCents: 1250, askedBy: null, approvedBy: 'Mei' } }])
    const dayOfSale = (daysAgo: number) => todayAnswer(hub().db, now - daysAgo * DAY)
    const before = [await dayOfSale(31), await dayOfSale(29)]
    expect(before[0]!.totals).toMatchObject({ sales: 1, tickets: 1, amountCents: 1250, refundedCents: 1250 })

    expect(await hub().forgetPastPatrons()).toBe(1)

    expect(await patrons(device)).toEqual({ 'sale:sale-1': null, 'refund:sale-1:1': null, 'sale:sale-2': 'p2@example.com' })
    expect([await dayOfSale(31), await dayOfSale(29)]).toEqual(before)
    // Still found by its reference, with everything but its patron.
    const [found] = await salesWithReference(hub().db, 'BK-1')
    expect(found!.sale).toEqual({ ...sale(1, 31).payload, patron: null })
    expect(found!.steps.map((s) => s.kind)).toEqual(['sale', 'refund'])
    expect(await hub().forgetPastPatrons()).toBe(0)
  })

  it('holds sales sent earlier to a window the device has shortened since, and a device not heard from yet to each sale’s own', async () => {
    const quiet = await enrol('Kiosk never beating')
    await upload(device, [sale(3, 10)])
    await upload(quiet, [sale(4, 10), sale(5, 31)])
    expect(await hub().forgetPastPatrons()).toBe(1)
    expect(await patrons(quiet)).toEqual({ 'sale:sale-5': null, 'sale:sale-4': 'p4@example.com' })

    expect(await beat(device, 7)).toMatchObject({ status: 200 })
    expect(await hub().forgetPastPatrons()).toBe(2)
    expect(await patrons(device)).toMatchObject({ 'sale:sale-3': null, 'sale:sale-2': null })
    expect(await beat(device, 30)).toMatchObject({ status: 200 })
  })

  it('takes a forgotten sale sent again with its patron as the same record, and keeps it forgotten', async () => {
    const [first] = (await recordsOfDevice(hub().db, device.deviceId)).filter((r) => r.device_record_id === 'sale:sale-1')
    const { results } = await upload(device, [sale(1, 31)])
    expect(results[0]).toMatchObject({ outcome: 'stored', hubRecordId: first!.hub_record_id })
    expect((await patrons(device))['sale:sale-1']).toBeNull()
  })

  it('forgets each sale once when hub processes sweep at the same moment', async () => {
    await upload(device, [sale(6, 40), sale(7, 41), sale(8, 42), sale(9, 1)])
    const swept = await Promise.all([1, 2, 3].map(() => forgetPastPatrons(hub().db, new Date(now))))
    expect(swept.reduce((a, b) => a + b, 0)).toBe(3)
    expect(await patrons(device)).toMatchObject({ 'sale:sale-6': null, 'sale:sale-7': null, 'sale:sale-8': null, 'sale:sale-9': 'p9@example.com' })
  })

  it('refuses a heartbeat whose patron window is missing or not a whole number of days from 0 to 3650', async () => {
    const without: Partial<Heartbeat> = { ...readyHeartbeat }
    delete without.patronDays
    expect(await device.post('/device/heartbeat', without)).toMatchObject({ status: 400 })
    for (const wrong of [-1, 2.5, '30', 3651, null]) expect(await beat(device, wrong), String(wrong)).toMatchObject({ status: 400 })
    expect(await beat(device, 0)).toMatchObject({ status: 200 })
    expect(await beat(device, 3650)).toMatchObject({ status: 200 })
  })
})
