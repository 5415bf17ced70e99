import { afterEach, describe, expect, it } from 'vitest'
import { ApiCallError } from '../../../electron/api/api-error'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { findShow, isOnSale, sectionsOf } from '../../support/sandbox-fixtures'

let rig: ApiRig
afterEach(() => rig.close())

const TOKEN_PATH = /\/oauth\/token/

describe('the client-credentials token', () => {
  it('is fetched once for ten parallel calls (single flight)', async () => {
    rig = await apiRig({ proxy: true })
    await Promise.all(Array.from({ length: 10 }, () => rig.api.listEvents({ lang: 'EN_SG', size: 1 })))
    expect(rig.proxy!.count(TOKEN_PATH)).toBe(1)
    expect(rig.api.tokens.requests).toBe(1)
  })

  it('is renewed ahead of expiry, so a flow that outlives two tokens has no failed call', async () => {
    // One clock for the sandbox (which issues and checks the tokens) and the kiosk (which renews them),
    // moved on between the steps rather than waited out.
    let clock = Date.now()
    rig = await apiRig({ proxy: true, sandbox: { tokenTtlSeconds: 3, now: () => clock }, api: { now: () => clock } })
    const show = await findShow(rig.direct, (s) => s.venue === 'Grand Theatre' && isOnSale(s))
    const section = (await sectionsOf(rig.direct, show.productId))[0]!
    const steps: (() => Promise<unknown>)[] = [
      () => rig.api.listEvents({ lang: 'EN_SG', size: 3 }),
      () => rig.api.eventShows(show.eventCode, { lang: 'EN_SG' }),
      () => rig.api.overview(show.productId),
      () => rig.api.sectionAvailability(show.productId),
      () => rig.api.ticketTypes(show.productId, section.priceCategoryId),
      () => rig.api.paymentMethods([show.productId]),
    ]
    for (const step of steps) {
      await step()
      clock += 1_300
    }
    // Eight seconds of 3-second tokens: renewed before each expiry, never refused.
    expect(rig.proxy!.seen.filter((s) => !TOKEN_PATH.test(s.path)).length).toBe(steps.length)
    expect(rig.api.tokens.requests).toBeGreaterThanOrEqual(3)
  })

  it('is renewed once and the call retried once when the API answers 401', async () => {
    rig = await apiRig({ proxy: true })
    await rig.api.listEvents({ lang: 'EN_SG', size: 1 })
    rig.proxy!.fail(/\/icc\?/, { kind: 'status', status: 401, body: { httpStatus: '401', errorCode: 'error.auth.token.expired' } })
    const page = await rig.api.listEvents({ lang: 'EN_SG', size: 1 })
    expect(page.events).toHaveLength(1)
    expect(rig.api.tokens.requests).toBe(2)
  })

  it('does not loop when the API keeps refusing: one renewal, one retry, then a typed error', async () => {
    rig = await apiRig({ proxy: true })
    rig.proxy!.fail(/\/icc\?/, { kind: 'status', status: 401, body: { httpStatus: '401', errorCode: 'error.auth.token.invalid' } }, 10)
    const failure = await rig.api.listEvents({ lang: 'EN_SG' }).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ApiCallError)
    expect((failure as ApiCallError).kind).toBe('auth')
    expect(rig.proxy!.count(/\/icc\?/)).toBe(2)
  })

  it('reports refused credentials as such, without the secret anywhere in the error', async () => {
    rig = await apiRig({ api: { secret: async () => 'a-wrong-secret-that-must-not-leak' } })
    const failure = (await rig.api.listEvents({ lang: 'EN_SG' }).catch((e: unknown) => e)) as ApiCallError
    expect(failure.messageKey).toBe('errors.api.credentialsRefused')
    const everything = JSON.stringify({ ...failure, message: failure.message, stack: failure.stack, reply: failure.toReply() })
    expect(everything).not.toContain('a-wrong-secret-that-must-not-leak')
    expect(everything).not.toContain(Buffer.from('foyer-kiosk:a-wrong-secret-that-must-not-leak').toString('base64'))
  })
})
