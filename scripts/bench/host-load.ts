/**
 * The load of `npm run bench:host`, in a process of its own so that making
 * the load costs nothing on the host's event loop: it is sent a LoadPlan over
 * the IPC channel, keeps the training sandbox busy for `seconds` and answers
 * with what it carried. Directly at the sandbox's API: `offerClients` clients
 * in a storm of seat offers and releases on the stadium show, `searchClients`
 * asking wildcard searches built to be costly. Through the host, one kiosk
 * doing what a customer does (an offer, then giving it back, and a search).
 */
import { Agent } from 'node:http'
import { exchange } from './keep-alive'

export interface LoadPlan {
  seconds: number
  offerClients: number
  searchClients: number
  /** Whether one kiosk sells through the host meanwhile. */
  kiosk: boolean
  sandbox: { baseUrl: string; authUrl: string; clientId: string; clientSecret: string }
  host: { url: string; token: string }
  show: { productId: number; sections: { sectionId: number; priceCategoryId: number }[] }
}

export interface LoadCarried {
  offers: number
  refused: number
  releases: number
  searches: number
  kioskCalls: number
  failed: number
}

const COSTLY_SEARCHES = ['?*?*?*?*!!!', '*a*e*i*o*u*zzz', '?*?*?*?*?*?*?*?*###', '*o*o*o*o*o*o*!!']

async function run(plan: LoadPlan): Promise<LoadCarried> {
  const carried: LoadCarried = { offers: 0, refused: 0, releases: 0, searches: 0, kioskCalls: 0, failed: 0 }
  const agent = new Agent({ keepAlive: true, maxSockets: plan.offerClients + plan.searchClients + 2 })
  const basic = Buffer.from(`${plan.sandbox.clientId}:${plan.sandbox.clientSecret}`).toString('base64')
  const tokenAnswer = await exchange(agent, new URL(`${plan.sandbox.authUrl}?grant_type=client_credentials`), 'POST', { authorization: `Basic ${basic}` })
  const bearer = { authorization: `Bearer ${(JSON.parse(tokenAnswer.text) as { access_token: string }).access_token}` }
  const api = (path: string) => new URL(`${plan.sandbox.baseUrl}${path}`)
  const until = performance.now() + plan.seconds * 1000
  const { productId, sections } = plan.show

  async function offerClient(index: number): Promise<void> {
    let n = index
    while (performance.now() < until) {
      const section = sections[n++ % sections.length]!
      const query = `priceCatId=${section.priceCategoryId}&seatSectionId=${section.sectionId}&mode=${n % 2 ? 'BA' : 'HS'}&quantity=${1 + (n % 4)}`
      const offer = await exchange(agent, api(`/products/${productId}/seatmap/availability?${query}`), 'GET', bearer)
      if (offer.status !== 200) {
        carried.refused++
        continue
      }
      carried.offers++
      const body = JSON.parse(offer.text) as { setsReservedList: { setsReserved: { inventoryId: number }[] }[] }
      const ids = [...new Set(body.setsReservedList.flatMap((s) => s.setsReserved.map((x) => x.inventoryId)))]
      const released = await exchange(agent, api(`/products/${productId}/seats`), 'POST', bearer, JSON.stringify({ releasedSeatList: ids }))
      if (released.status === 200) carried.releases++
      else carried.failed++
    }
  }

  async function searchClient(index: number): Promise<void> {
    let n = index
    while (performance.now() < until) {
      const q = encodeURIComponent(COSTLY_SEARCHES[n++ % COSTLY_SEARCHES.length]!)
      const answer = await exchange(agent, api(`/icc?q=${q}&size=100`), 'GET', bearer)
      if (answer.status === 200) carried.searches++
      else carried.failed++
    }
  }

  /** One customer at the kiosk, through the host: an offer, given back, and a search. */
  async function kiosk(): Promise<void> {
    const hostUrl = new URL(plan.host.url)
    const headers = { authorization: `Bearer ${plan.host.token}` }
    const call = async (channel: string, request: unknown) => {
      const answer = await exchange(agent, new URL(`ipc/${channel}`, hostUrl), 'POST', headers, JSON.stringify(request))
      carried.kioskCalls++
      const reply = JSON.parse(answer.text) as { ok: boolean; value?: any }
      if (!reply.ok) carried.failed++
      return reply
    }
    let n = 0
    while (performance.now() < until) {
      const section = sections[n++ % sections.length]!
      const offer = await call('offers.request', { productId, priceCategoryId: section.priceCategoryId, sectionId: section.sectionId, mode: 'BA', quantity: 2 })
      const inventoryIds = offer.ok ? [...new Set((offer.value.offer.sets as { inventoryId: number }[][]).flat().map((s) => s.inventoryId))] : []
      if (inventoryIds.length > 0) await call('offers.release', { productId, inventoryIds })
      await call('catalogue.events', { lang: 'EN_SG', search: 'hamlet', size: 20 })
    }
  }

  await Promise.all([
    ...Array.from({ length: plan.offerClients }, (_, i) => offerClient(i)),
    ...Array.from({ length: plan.searchClients }, (_, i) => searchClient(i)),
    ...(plan.kiosk ? [kiosk()] : []),
  ])
  agent.destroy()
  return carried
}

process.once('message', (plan: LoadPlan) => {
  void run(plan).then(
    (carried) => process.send!({ carried }, () => process.exit(0)),
    (error: unknown) => process.send!({ error: (error as Error).message }, () => process.exit(1)),
  )
})
