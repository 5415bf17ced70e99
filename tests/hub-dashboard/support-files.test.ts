import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SUPPORT_FILE_PATHS, type SupportFileView } from '../../hub/protocol/dashboard'
import { timeWords } from '../../hub/dashboard/words/time'
import { FakeHub } from './fake-hub'
import { device, manager, todayAt } from './fixtures'
import { mountDashboard, signIn } from './mount-dashboard'

const counter = device({ id: '00000000-0000-4000-8000-000000000002', name: 'Counter 1', place: 'Box office window 1', mode: 'counter' })
const revoked = device({ id: '00000000-0000-4000-8000-000000000003', name: 'Kiosk 9', place: 'Lobby', state: 'revoked' })

const part = (page: VueWrapper, deviceId: string) => page.get(`[data-testid="device-${deviceId}"] [data-testid="support-file"]`)
const liveLines = (page: VueWrapper) => page.findAll('[data-testid="live-line"]').map((line) => line.text())

/** A device's support file on its tile (issue #36 §5): asked by keyboard, made by the device, downloaded by a plain link; each step pushed live. */
describe('the dashboard: support files', () => {
  let hub: FakeHub
  let page: VueWrapper
  beforeEach(async () => {
    hub = new FakeHub().install()
    hub.devices = [structuredClone(counter), structuredClone(revoked)]
    page = await mountDashboard()
    await signIn(page, hub)
    hub.stream.connect()
    await flushPromises()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('asks for a device’s file from its tile, then says it is asked and by whom, with the focus on that line', async () => {
    const ask = part(page, counter.id).get('[data-testid="support-file-ask"]')
    expect(ask.text()).toBe('Ask Counter 1 for its support file')
    ;(ask.element as HTMLButtonElement).focus()
    await ask.trigger('click')
    await flushPromises()
    expect(hub.sent.filter((s) => s.path === SUPPORT_FILE_PATHS.ask(counter.id)).map((s) => s.method)).toEqual(['POST'])
    const state = part(page, counter.id).get('[data-testid="support-file-state"]')
    expect(state.text()).toMatch(/^Asked by Mei Ling at .+\. The device sends it at its next heartbeat\.$/)
    expect(document.activeElement).toBe(state.element)
    expect(part(page, counter.id).find('[data-testid="support-file-ask"]').exists()).toBe(false)
    expect(liveLines(page)).toContain('Counter 1 is asked for its support file: it sends it at its next heartbeat.')
  })

  it('offers the download once the device has sent it, says so in the live region, and who downloaded it after', async () => {
    await part(page, counter.id).get('[data-testid="support-file-ask"]').trigger('click')
    await flushPromises()
    const asked = hub.supportFiles[0]!
    const ready: SupportFileView = { ...asked, state: 'ready', madeAt: todayAt(10, 2), receivedAt: todayAt(10, 2), bytes: 5000 }
    hub.push({ type: 'support-file', supportFile: ready })
    await flushPromises()
    expect(part(page, counter.id).get('[data-testid="support-file-state"]').text()).toBe(`Ready: made at ${timeWords(todayAt(10, 2), 'en-SG')}, asked by ${manager.name}.`)
    const link = part(page, counter.id).get('[data-testid="support-file-download"]')
    expect(link.attributes('href')).toBe(SUPPORT_FILE_PATHS.download(asked.id))
    expect(link.attributes('download')).toBeDefined()
    expect(link.text()).toBe('Download the support file of Counter 1')
    expect(liveLines(page)).toContain('The support file of Counter 1 is ready to download.')
    // Asked again is offered beside the download: a newer file.
    expect(part(page, counter.id).find('[data-testid="support-file-ask"]').exists()).toBe(true)

    hub.push({ type: 'support-file', supportFile: { ...ready, state: 'downloaded', downloaded: { by: 'Ahmad Faiz', at: todayAt(10, 5) } } })
    await flushPromises()
    expect(part(page, counter.id).get('[data-testid="support-file-state"]').text()).toBe(`Downloaded by Ahmad Faiz at ${timeWords(todayAt(10, 5), 'en-SG')}.`)
    expect(part(page, counter.id).find('[data-testid="support-file-download"]').exists()).toBe(true)
  })

  it('shows nothing to ask of a revoked device, and keeps a newer request over an older one pushed late', async () => {
    expect(part(page, revoked.id).find('[data-testid="support-file-ask"]').exists()).toBe(false)
    await part(page, counter.id).get('[data-testid="support-file-ask"]').trigger('click')
    await flushPromises()
    const newer = hub.supportFiles[0]!
    hub.push({ type: 'support-file', supportFile: { ...newer, id: '6f9a3c1e-0000-4000-8000-000000000399', askedAt: todayAt(0, 1), state: 'downloaded', madeAt: todayAt(0, 2), receivedAt: todayAt(0, 2), downloaded: { by: 'Ahmad Faiz', at: todayAt(0, 3) } } })
    await flushPromises()
    expect(part(page, counter.id).get('[data-testid="support-file-state"]').attributes('data-state')).toBe('asked')
  })
})
