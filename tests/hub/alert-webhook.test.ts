import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Alert } from '../../hub/protocol'
import { alertWebhook } from '../../hub/server/devices/alert-webhook'

const alert: Alert = {
  id: '7',
  subject: 'device',
  deviceId: '6f9a3c1e-0000-4000-8000-000000000001',
  deviceName: 'Lobby kiosk 3',
  from: 'online',
  to: 'needs-attention',
  reasons: [{ what: 'printer', state: 'cannot-print', problems: ['no-paper'] }],
  raisedAt: '2026-11-26T19:42:00.000Z',
  acknowledged: null,
}

describe("the alerts' webhook (FOYER_HUB_ALERT_WEBHOOK)", () => {
  const received: { body: string; type: string | undefined }[] = []
  let failuresLeft = 0
  let server: Server
  let url: string
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), type: request.headers['content-type'] })
        response.writeHead(failuresLeft-- > 0 ? 503 : 204).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/alerts`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  it('POSTs the alert as JSON without making the caller wait, and tries again while the receiver fails', async () => {
    failuresLeft = 2
    expect(alertWebhook(url, [0, 10, 10, 10])(alert)).toBeUndefined()
    expect(received).toHaveLength(0)
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(3)
    expect(received.map((r) => Alert.parse(JSON.parse(r.body)))).toEqual([alert, alert, alert])
    expect(received[0]!.type).toBe('application/json')
  })

  it('gives up after its last try, and a receiver that is not there throws nothing', async () => {
    received.length = 0
    failuresLeft = 10
    alertWebhook(url, [0, 10])(alert)
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2)
    alertWebhook('http://127.0.0.1:9/nobody', [0])(alert)
  })
})
