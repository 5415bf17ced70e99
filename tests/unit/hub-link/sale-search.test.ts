import { describe, expect, it } from 'vitest'
import type { SaleSearchAnswer } from '../../../hub/protocol'
import { searchSaleAtHub } from '../../../electron/hub-link/sale-search'
import { salePayload } from '../../support/hub-heartbeats'

/**
 * The device's half of the hub's sale search (issue #34): the hub's answer read as a sale shown
 * read-only, only one of this device's backend, and nothing at all when the hub cannot be asked.
 */
const { patron: _patron, patronDays: _days, ...sale } = { ...salePayload(2), bookingReference: 'FY20261126000002', ticketCodes: ['4006381333931', 'Tk-0002'] }
const answer: SaleSearchAnswer = {
  sales: [
    { deviceName: 'Training counter', occurredAt: '2026-11-26T09:00:00Z', sale: { ...sale, backend: 'sandbox/foyer-training', training: true }, refunds: [] },
    {
      deviceName: 'Counter A',
      occurredAt: '2026-11-26T08:00:00Z',
      sale,
      refunds: [{ backend: sale.backend, training: false, saleId: sale.saleId, bookingReference: 'FY20261126000002', seq: 2, refersTo: 1, tender: 'card', amountCents: 2500, askedBy: 'Ali', approvedBy: 'Mei' }],
    },
  ],
}
const hubAnswering = (status: number, body: unknown) => async (path: string) => {
  expect(path).toBe('/device/sales/find')
  return { status, body }
}

describe('a sale found at the hub', () => {
  it("is the newest of this device's backend, read-only, with where it was sold and its refunds", async () => {
    const found = await searchSaleAtHub(hubAnswering(200, answer), 'FY20261126000002', 'production/citytheatre')
    expect(found).toMatchObject({ source: 'hub', soldAt: 'Counter A', reference: 'FY20261126000002', matched: 'reference', standing: 'refunded', canReprint: false, canRefund: false, tickets: [] })
    expect(found?.payments).toEqual([{ tender: 'card', amountCents: 2500, state: 'given-back' }])
    expect(found?.refunds).toEqual([{ tender: 'card', amountCents: 2500, askedBy: 'Ali', approvedBy: 'Mei' }])
  })

  it('says it was a ticket’s barcode that found it, in whatever case it was scanned', async () => {
    expect(await searchSaleAtHub(hubAnswering(200, answer), '4006381333931', 'production/citytheatre')).toMatchObject({ soldAt: 'Counter A', matched: 'ticket' })
    expect(await searchSaleAtHub(hubAnswering(200, answer), 'TK-0002', 'production/citytheatre')).toMatchObject({ soldAt: 'Counter A', matched: 'ticket' })
  })

  it('is none when the hub has none of this backend, answers otherwise than expected, or cannot be reached', async () => {
    expect(await searchSaleAtHub(hubAnswering(200, answer), 'FY20261126000002', 'staging/citytheatre')).toBeNull()
    expect(await searchSaleAtHub(hubAnswering(403, { error: 'revoked' }), 'FY20261126000002', 'production/citytheatre')).toBeNull()
    expect(await searchSaleAtHub(hubAnswering(200, { sales: [{ nonsense: true }] }), 'FY20261126000002', 'production/citytheatre')).toBeNull()
    const unreachable = async () => {
      throw new Error('the hub did not answer in time')
    }
    expect(await searchSaleAtHub(unreachable, 'FY20261126000002', 'production/citytheatre')).toBeNull()
  })
})
