import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { XSS_CORPUS } from '../../../electron/sandbox/seed/xss/corpus'
import { XSS_PROMOTER, XSS_TEXT_FIELDS, xssEventCode, xssPayload } from '../../../electron/sandbox/seed/xss/xss-events'
import { readStartupConfig } from '../../../electron/services/app-config'
import { apiRig, type ApiRig } from '../../support/api-fixtures'

/**
 * The XSS corpus through the sandbox and Foyer's reader: the sandbox escapes
 * the spec's escaped fields once, as it escapes every event, and Foyer decodes
 * them exactly once, so the hostile text arrives byte for byte as the back
 * office typed it (not decoded twice: "&amp;lt;" stays "&amp;lt;").
 */
const EVENTS = 4
/** The spec's escaping, written out here rather than borrowed from the sandbox under test. */
const specEscaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;')

let rig: ApiRig
beforeAll(async () => {
  rig = await apiRig({ sandbox: { xss: true } })
})
afterAll(async () => {
  await rig.close()
})

const codes = Array.from({ length: EVENTS }, (_, n) => xssEventCode(n))

describe('the XSS corpus in the sandbox', () => {
  it('puts every payload in at least one field, with markup, entities and template syntax among them', () => {
    const placed = new Set(codes.flatMap((_, n) => XSS_TEXT_FIELDS.map((field) => xssPayload(n, field))))
    expect([...placed].sort()).toEqual([...XSS_CORPUS].sort())
    for (const needle of ['<script>', 'onerror=', 'onload=', 'javascript:', '"><', "'><", '&lt;script&gt;', '&amp;lt;', '{{', '${', '\u202E', '\u200B']) {
      expect(XSS_CORPUS.some((p) => p.includes(needle)), needle).toBe(true)
    }
  })

  it('is escaped on the wire exactly as the spec says, in every escaped field and language', async () => {
    for (const lang of ['EN_SG', 'ZH_HK'] as const) {
      const page = await rig.direct.get('/icc', { q: XSS_PROMOTER, lang, size: 20 })
      const events = (page.body as { content: Record<string, unknown>[] }).content
      expect(events.map((e) => e.internetContentCode).sort()).toEqual(codes)
      for (const event of events) {
        const n = codes.indexOf(event.internetContentCode as string)
        expect(event.title).toBe(specEscaped(`XSS ${n + 1} ${xssPayload(n, 'title')}`))
        expect(event.promoters).toEqual([XSS_PROMOTER, specEscaped(xssPayload(n, 'promoters'))])
        for (const field of ['synopsis', 'priceDescription', 'duration', 'admissionRules', 'salesDateText'] as const) {
          expect(event[field], `${event.internetContentCode as string} ${field}`).toBe(specEscaped(xssPayload(n, field)))
        }
        // No raw markup is left in an escaped field.
        for (const field of ['title', 'synopsis', 'priceDescription', 'duration', 'admissionRules', 'salesDateText'] as const) {
          expect(event[field] as string).not.toMatch(/[<>"']/)
        }
      }
    }
  })

  it('comes out of Foyer’s reader byte-identical to the original: decoded once, never twice', async () => {
    const page = await rig.api.listEvents({ lang: 'EN_SG', q: XSS_PROMOTER, size: 20 })
    expect(page.events.map((e) => e.code).sort()).toEqual(codes)
    for (const event of page.events) {
      const n = codes.indexOf(event.code)
      expect(event.title).toBe(`XSS ${n + 1} ${xssPayload(n, 'title')}`)
      expect(event.promoters).toEqual([XSS_PROMOTER, xssPayload(n, 'promoters')])
      expect(event.synopsis).toBe(xssPayload(n, 'synopsis'))
      expect(event.priceDescription).toBe(xssPayload(n, 'priceDescription'))
      expect(event.duration).toBe(xssPayload(n, 'duration'))
      expect(event.admissionRules).toBe(xssPayload(n, 'admissionRules'))
      expect(event.salesDateText).toBe(xssPayload(n, 'salesDateText'))
    }
    // The entity-encoded and double-escaped payloads are the ones a second decode would change.
    const all = page.events.flatMap((e) => [e.title, e.synopsis, e.priceDescription, e.duration, e.admissionRules, e.salesDateText, ...e.promoters])
    expect(all).toContain('&lt;script&gt;window.__xss=7&lt;/script&gt;')
    expect(all).toContain('&amp;lt;img src=x onerror=window.__xss=8&amp;gt;')
  })

  it('the shows answer carries the unescaped show title and advisory as sent, unchanged', async () => {
    for (const [n, code] of codes.entries()) {
      const shows = await rig.api.eventShows(code, { lang: 'EN_SG' })
      expect(shows.advisory).toBe(xssPayload(n, 'advisory'))
      expect(shows.shows.length).toBeGreaterThan(0)
      for (const show of shows.shows) expect(show.title).toBe(`XSS ${n + 1} ${xssPayload(n, 'title')}`)
    }
  })

  it('is off unless asked: FOYER_SANDBOX_XSS=1 turns it on, anything else but 0 or empty is refused', () => {
    expect(readStartupConfig({ FOYER_SANDBOX_XSS: '1' })).toEqual({ sandboxXss: true })
    expect(readStartupConfig({ FOYER_SANDBOX_XSS: '0' })).toEqual({})
    expect(readStartupConfig({ FOYER_SANDBOX_XSS: '' })).toEqual({})
    expect(() => readStartupConfig({ FOYER_SANDBOX_XSS: 'yes' })).toThrow(/FOYER_SANDBOX_XSS/)
  })
})
