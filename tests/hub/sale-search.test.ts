import { beforeAll, describe, expect, it } from 'vitest'
import { SaleSearchAnswer, UploadAnswer, type RecordEnvelope } from '../../hub/protocol'
import { addedAndEnrolled, postJson, type EnrolledDevice } from '../support/hub-device'
import { hubForFile } from '../support/hub-for-file'
import { salePayload } from '../support/hub-heartbeats'
import { managerBrowser, type ManagerBrowser } from '../support/hub-manager'

/**
 * A counter's scanned code looked up at the hub (POST /device/sales/find, issue #34): another device's
 * sale by its booking reference or a ticket's barcode, with its refunds and the device that sold it, and
 * never its patron; for an enrolled device only. (The index behind it, on both backends: sale-codes.test.ts.)
 */
describe('the hub’s sale search for a scanning counter (PGlite)', () => {
  const clock = Date.parse('2026-11-26T10:00:00Z')
  const hub = hubForFile('pglite', () => clock)
  let manager: ManagerBrowser
  let counterA: EnrolledDevice
  let counterB: EnrolledDevice
  beforeAll(async () => {
    manager = await managerBrowser(hub().url)
    await manager.send('POST', '/api/managers/first', { code: hub().firstManagerCode, name: 'Mei Tan', password: 'correct horse battery' })
    counterA = await addedAndEnrolled(manager, hub().url, { name: 'Counter A' })
    counterB = await addedAndEnrolled(manager, hub().url, { name: 'Counter B' })
    const records: RecordEnvelope[] = [
      { deviceRecordId: 'sale:sale-2', kind: 'sale', occurredAt: '2026-11-26T09:00:00Z', payload: { ...salePayload(2), bookingReference: 'FY20261126000002', ticketCodes: ['4006381333931', 'Tk-4006381333948'], patron: { email: 'aisha@example.com' } } },
      {
        deviceRecordId: 'refund:sale-2:2',
        kind: 'refund',
        occurredAt: '2026-11-26T09:30:00Z',
        payload: { backend: 'production/citytheatre', training: false, saleId: 'sale-2', bookingReference: 'FY20261126000002', seq: 2, refersTo: 1, tender: 'card', amountCents: 2500, askedBy: 'Ali', approvedBy: 'Mei' },
      },
    ]
    const stored = UploadAnswer.parse((await counterA.post('/device/records', { records })).body)
    expect(stored.results.map((r) => r.outcome)).toEqual(['stored', 'stored'])
  })

  it('answers another device’s sale by its booking reference, with its refunds and where it was sold, and no patron', async () => {
    const answer = await counterB.post('/device/sales/find', { code: 'FY20261126000002' })
    expect(answer.status).toBe(200)
    const { sales } = SaleSearchAnswer.parse(answer.body)
    expect(sales).toHaveLength(1)
    expect(sales[0]).toMatchObject({ deviceName: 'Counter A', sale: { saleId: 'sale-2', bookingReference: 'FY20261126000002', amountCents: 2500 } })
    expect(sales[0]!.refunds.map((r) => [r.amountCents, r.askedBy, r.approvedBy])).toEqual([[2500, 'Ali', 'Mei']])
    expect(JSON.stringify(answer.body)).not.toContain('aisha@example.com')
  })

  it('answers another device’s sale by any of its tickets’ barcodes, in any case, read-only as by its reference', async () => {
    for (const code of ['4006381333931', 'tk-4006381333948', 'TK-4006381333948']) {
      const answer = await counterB.post('/device/sales/find', { code })
      const { sales } = SaleSearchAnswer.parse(answer.body)
      expect(sales.map((s) => [s.deviceName, s.sale.saleId, s.sale.ticketCodes, s.refunds.length]), code).toEqual([['Counter A', 'sale-2', ['4006381333931', 'Tk-4006381333948'], 1]])
      expect(JSON.stringify(answer.body)).not.toContain('aisha@example.com')
    }
  })

  it('answers no sale for a code it has none for, and refuses a code no sale could have', async () => {
    expect(SaleSearchAnswer.parse((await counterB.post('/device/sales/find', { code: '1234567890123456' })).body).sales).toEqual([])
    expect((await counterB.post('/device/sales/find', { code: 'BK2; DROP TABLE' })).status).toBe(400)
  })

  it('refuses a caller that is not an enrolled device', async () => {
    const answer = await postJson(hub().url, '/device/sales/find', { code: 'FY20261126000002' }, { pinned: counterB.pinned, token: 'not-a-device-token' })
    expect(answer.status).toBe(401)
  })
})
