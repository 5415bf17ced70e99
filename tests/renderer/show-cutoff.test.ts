import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import type { ServiceRule } from '../../hub/protocol'
import { showCutOffAt } from '../../electron/hub-link/service-rules'
import { call } from '../../electron/ipc-core/dispatcher'
import { createAppServices } from '../../electron/services/app-services'
import { salesHandlers } from '../../electron/services/sales-service'
import { useCardTerminalStore } from '../../renderer/src/stores/card-terminal'
import { useCatalogueStore } from '../../renderer/src/stores/catalogue'
import { useLocaleStore } from '../../renderer/src/stores/locale'
import { kioskOverSandbox } from '../support/kiosk-over-sandbox'
import { mountApp } from '../support/mount-app'
import { allShows, isOnSale, type ShowFixture } from '../support/sandbox-fixtures'

/**
 * A show past the box office's cut-off on this device ("not sold 30 minutes before it starts", a
 * service rule from the hub: main's side in tests/unit/hub-link/hub-profile.test.ts) is shown as not
 * on sale here, with the manager's words as text, before the customer chooses seats; the event's
 * other shows sell. Real renderer, real main over the sandbox, the rule read by main's own code at a
 * moment 10 minutes before the show.
 */
const kiosk = kioskOverSandbox()

const words = 'Tickets for tonight are on sale at the box office <b>from 18:00</b>'
const rule: ServiceRule = { kind: 'showCutoff', minutesBefore: 30, message: words }

describe('a show past the box office cut-off', () => {
  it("is shown as not on sale here with the manager's words, its seats not to be chosen, while a later show of the event sells; in Chinese too", async () => {
    let now = 0
    const sales = salesHandlers(() => kiosk.runtime.sales.context, () => 'self-service', undefined, null, undefined, null, (start) => showCutOffAt([rule], start, now))
    const services = createAppServices({ appVersion: '1.0.0', mode: 'self-service', backend: 'sandbox', host: 'browser', sales })
    const { root, router, find } = await mountApp(services)
    // An event on sale with two shows hours apart: the first is 10 minutes from its start.
    const listed = await call(services.dispatcher, 'catalogue.events', { lang: 'EN_SG', page: 0, size: 100 })
    if (!listed.ok) throw new Error(listed.error.code)
    const byEvent = new Map<string, ShowFixture[]>()
    for (const show of (await allShows(kiosk.rig.direct)).filter(isOnSale)) byEvent.set(show.eventCode, [...(byEvent.get(show.eventCode) ?? []), show])
    const [soon, later] = listed.value.events
      .map((e) => (byEvent.get(e.code) ?? []).sort((a, b) => Date.parse(a.showDate) - Date.parse(b.showDate)))
      .filter((shows) => shows.length > 1)
      .map((shows): ShowFixture[] => [shows[0]!, shows.find((s) => Date.parse(s.showDate) - Date.parse(shows[0]!.showDate) > 3_600_000)!])
      .find(([, next]) => next !== undefined)!
    now = Date.parse(soon!.showDate) - 10 * 60_000
    const event = listed.value.events.find((e) => e.code === soon!.eventCode)!
    const catalogue = useCatalogueStore()
    await catalogue.openEvent(event)
    await router.push({ name: 'shows', params: { code: event.code } })
    await useCardTerminalStore().check(Date.now() + 60_000)
    await flushPromises()
    const choose = (show: ShowFixture) => find(`choose-${show.productId}`) as HTMLButtonElement

    const said = find(`not-sold-here-${soon!.productId}`)!
    // The manager's text, as text: markup in it is shown, never made.
    expect(said.textContent).toBe(words)
    expect(said.querySelector('b')).toBeNull()
    expect(choose(soon!).disabled).toBe(true)
    expect(choose(soon!).textContent?.trim()).toBe('Not on sale here')
    expect(find(`not-sold-here-${later!.productId}`)).toBeNull()
    expect(choose(later!).disabled).toBe(false)

    useLocaleStore().setLocale('zh-CN')
    await expect.poll(async () => (await flushPromises(), choose(soon!).textContent?.trim())).toBe('此处不售')
    expect(find(`not-sold-here-${soon!.productId}`)?.textContent).toBe(words)
    expect(root.querySelectorAll('[data-testid^="not-sold-here-"]')).toHaveLength(1)
    // The shows asked again in Chinese, and the poster, are back before main and the sandbox close.
    await expect.poll(async () => (await flushPromises(), catalogue.loading)).toBe(false)
    if (event.summaryImagePath) await expect.poll(async () => (await flushPromises(), root.querySelector('img.poster'))).not.toBeNull()
  })
})
