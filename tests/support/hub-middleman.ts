import Fastify from 'fastify'
import { randomBytes, randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { loadHubTls } from '../../hub/server/tls'
import { postJson, seeCertificate } from './hub-device'

/**
 * A machine in the middle on the lobby network, with a certificate of its own: `url` relays every
 * request to the real hub (reading it on the way), `impostorUrl` plays the hub itself and answers
 * enrolment with a token and a made-up proof.
 */
export interface Middleman {
  url: string
  impostorUrl: string
  relayed: number
  overheard: unknown[]
  close(): Promise<void>
}

export async function startMiddleman(hubUrl: string, dataDir: string): Promise<Middleman> {
  const tls = await loadHubTls({ dataDir })
  const hubCertificate = await seeCertificate(hubUrl)
  const state = { relayed: 0, overheard: [] as unknown[] }
  const relay = Fastify({ https: { key: tls.key, cert: tls.cert } })
  relay.post('/*', async (request, reply) => {
    state.relayed++
    state.overheard.push(request.body)
    const answer = await postJson(hubUrl, request.url, request.body, { pinned: hubCertificate })
    return reply.code(answer.status).send(answer.body)
  })
  const impostor = Fastify({ https: { key: tls.key, cert: tls.cert } })
  impostor.post('/device/enrol', async () => ({
    deviceId: randomUUID(),
    deviceToken: randomBytes(32).toString('base64url'),
    name: 'Lobby kiosk',
    place: '',
    hubProof: randomBytes(32).toString('hex'),
  }))
  const address = async (app: typeof relay) => {
    await app.listen({ host: '127.0.0.1', port: 0 })
    return `https://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  }
  const [url, impostorUrl] = [await address(relay), await address(impostor)]
  return {
    url,
    impostorUrl,
    get relayed() {
      return state.relayed
    },
    overheard: state.overheard,
    async close() {
      await Promise.all([relay.close(), impostor.close()])
    },
  }
}
