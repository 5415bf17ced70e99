import { describe, expect, it } from 'vitest'
import {
  deviceProof,
  enrolmentKey,
  Heartbeat,
  hubProof,
  normaliseFingerprint,
  RecordEnvelope,
  sameProof,
  UploadRequest,
} from '../../hub/protocol'
import { readyHeartbeat, salePayload } from '../support/hub-heartbeats'

const F = 'ab'.repeat(32)
const OTHER_F = 'cd'.repeat(32)
const N = '01'.repeat(32)


describe('the device protocol', () => {
  it('makes the same key from a code however it is typed, and another from another code', async () => {
    expect(await enrolmentKey('7kq2-ab3d-xy9z-0000-1111')).toBe(await enrolmentKey('7KQ2AB3D XY9Z00001111'))
    expect(await enrolmentKey('7KQ2-AB3D-XY9Z-0000-1112')).not.toBe(await enrolmentKey('7KQ2-AB3D-XY9Z-0000-1111'))
  })

  it('binds the device proof to the certificate seen, and the hub proof to the token given', async () => {
    const key = await enrolmentKey('7KQ2-AB3D-XY9Z-0000-1111')
    expect(await deviceProof(key, N, F)).toBe(await deviceProof(key, N, F.toUpperCase().match(/../g)!.join(':')))
    expect(await deviceProof(key, N, F)).not.toBe(await deviceProof(key, N, OTHER_F))
    const id = '6f9a3c1e-0000-4000-8000-000000000001'
    expect(await hubProof(key, N, F, id, 'token-a')).not.toBe(await hubProof(key, N, F, id, 'token-b'))
    expect(sameProof('abc', 'abc')).toBe(true)
    expect(sameProof('abc', 'abd')).toBe(false)
    expect(() => normaliseFingerprint('not-a-fingerprint')).toThrow()
  })

  it('reads a heartbeat, and refuses one whose printer cannot print without saying why', () => {
    expect(Heartbeat.parse(readyHeartbeat)).toEqual(readyHeartbeat)
    const broken = { ...readyHeartbeat, printer: { state: 'cannot-print', problems: [] } }
    expect(Heartbeat.safeParse(broken).success).toBe(false)
    expect(Heartbeat.safeParse({ ...readyHeartbeat, backend: 'sandbox' }).success).toBe(false)
  })

  it("reads each kind's payload by its own schema, refusing fields it does not name and a batch of none", () => {
    const record = { deviceRecordId: 'sale:1', kind: 'sale', occurredAt: '2026-11-26T19:00:00Z', payload: salePayload(2) }
    expect(RecordEnvelope.parse(record)).toEqual(record)
    expect(RecordEnvelope.safeParse({ ...record, payload: undefined }).success).toBe(false)
    expect(RecordEnvelope.safeParse({ ...record, payload: { ...salePayload(2), vendorSecret: 's' } }).success).toBe(false)
    expect(RecordEnvelope.safeParse({ ...record, payload: { ...salePayload(2), amountCents: 12.5 } }).success).toBe(false)
    expect(RecordEnvelope.safeParse({ ...record, kind: 'shift' }).success).toBe(false)
    // A card payment names its card by brand and last four digits, never more.
    const paidOn = (card: unknown) => ({ ...record, payload: { ...salePayload(2), payments: [{ ...salePayload(2).payments[0]!, card }] } })
    expect(RecordEnvelope.safeParse(paidOn({ brand: 'VISA', last4: '4242' })).success).toBe(true)
    expect(RecordEnvelope.safeParse(paidOn({ brand: 'VISA', last4: '4111111111114242' })).success).toBe(false)
    expect(RecordEnvelope.safeParse(paidOn({ brand: 'VISA', last4: '4242', pan: '4111111111114242' })).success).toBe(false)
    expect(UploadRequest.safeParse({ records: [] }).success).toBe(false)
  })
})
