import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import type { CustomerDisplayView, FoyerApi } from '../../electron/contract'
import { provideFoyer } from '../../renderer/src/bridge/foyer'
import CustomerDisplayApp from '../../renderer/src/customer-display/CustomerDisplayApp.vue'
import { isCustomerDisplayPage } from '../../renderer/src/customer-display/entry'
import { createFoyerI18n } from '../../renderer/src/i18n'

/**
 * The customer display's page (issue #34): it shows main's view, state by state, in the view's language,
 * and asks main for nothing but that view and its push. A stand-in `window.foyer` records every call.
 */
const asked: string[] = []
let push: ((view: CustomerDisplayView) => void) | null = null

/** Every namespace answers any method by recording it; the customer display's view and push are real enough. */
function recordingFoyer(first: CustomerDisplayView): FoyerApi {
  const namespace = (domain: string) =>
    new Proxy({} as Record<string, unknown>, {
      get: (_target, method: string) => (arg: unknown) => {
        asked.push(`${domain}.${method}`)
        if (domain === 'customerDisplay' && method === 'onChanged') {
          push = arg as (view: CustomerDisplayView) => void
          return () => (push = null)
        }
        return Promise.resolve({ ok: true, value: first })
      },
    })
  return new Proxy({} as FoyerApi, { get: (_target, domain: string) => namespace(domain) })
}

// The page sets the document's language and title: put them back, so the next file starts as it would.
const before = { lang: document.documentElement.lang, title: document.title }
afterEach(() => {
  document.documentElement.lang = before.lang
  document.title = before.title
  provideFoyer(null)
  asked.length = 0
  push = null
})

const basket: CustomerDisplayView = {
  state: 'basket',
  language: 'en-SG',
  venue: 'Grand Theatre',
  lines: [
    {
      show: 'Hamlet in the Straits',
      date: '2026-12-05T12:00:00Z',
      venue: 'Grand Theatre',
      section: 'Stalls Centre',
      seats: [
        { row: 'C', seat: '14', kind: 'wheelchair' },
        { row: 'C', seat: '15', kind: 'companion' },
      ],
      picture: { others: [[0, 0], [1, 1]], yours: [[0.5, 0.5]] },
      prices: [{ name: 'Standard', quantity: 2, cents: 13_600 }],
    },
  ],
  totalCents: 13_600,
}

describe('the customer display page', () => {
  it('shows each state main pushes, in its language, and asks for nothing but its view and push', async () => {
    provideFoyer(recordingFoyer({ state: 'idle', language: 'en-SG', venue: 'Grand Theatre', showcase: [{ title: 'Swan Lake', picture: null }] }))
    const wrapper = mount(CustomerDisplayApp, { global: { plugins: [createFoyerI18n('en-SG')] }, attachTo: document.body })
    await flushPromises()
    expect(wrapper.get('[data-testid="customer-welcome"]').text()).toBe('Welcome to Grand Theatre')
    expect(wrapper.get('[data-testid="customer-showcase"]').text()).toContain('Swan Lake')

    push!(basket)
    await flushPromises()
    expect(wrapper.get('[data-testid="customer-show"]').text()).toBe('Hamlet in the Straits')
    // Wheelchair space and companion seat named, as the cashier's screen names them.
    expect(wrapper.get('[data-testid="customer-seats"]').text()).toMatch(/wheelchair/i)
    expect(wrapper.get('[data-testid="customer-seats"]').text()).toMatch(/companion/i)
    expect(wrapper.get('[data-testid="customer-total"]').text()).toBe('S$136.00')

    push!({ state: 'tender', language: 'zh-CN', venue: null, totalCents: 13_600, givenCents: 15_000, changeCents: 1_400 })
    await flushPromises()
    expect(document.documentElement.lang).toBe('zh-CN')
    expect(wrapper.get('h1').text()).toBe('您的付款')
    expect(wrapper.get('[data-testid="customer-change"]').text()).toContain('14.00')

    push!({ state: 'thanks', language: 'ms-MY', venue: null, reference: 'FY20261205000001', tickets: 'printed', changeCents: 1_400, servedBy: 'Aisha' })
    await flushPromises()
    expect(wrapper.get('[data-testid="customer-reference"]').text()).toBe('FY20261205000001')
    expect(wrapper.get('[data-testid="customer-served-by"]').text()).toBe('Dilayan oleh Aisha')
    expect(wrapper.find('svg.reference-qr').exists()).toBe(true)

    expect([...new Set(asked)].sort()).toEqual(['customerDisplay.onChanged', 'customerDisplay.view'])
    wrapper.unmount()
  })

  it('is the page whose address says display=customer, and stays it across a reload', () => {
    const storage = new Map<string, string>()
    const store = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) } as Storage
    expect(isCustomerDisplayPage({ hash: '#token=abc' } as Location, store)).toBe(false)
    expect(isCustomerDisplayPage({ hash: '#token=abc&display=customer' } as Location, store)).toBe(true)
    // The host took the fragment away; the tab remembers.
    expect(isCustomerDisplayPage({ hash: '' } as Location, store)).toBe(true)
  })
})
