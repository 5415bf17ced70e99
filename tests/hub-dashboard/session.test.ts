import { flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DASHBOARD_PATHS } from '../../hub/protocol/dashboard'
import { FakeHub } from './fake-hub'
import { manager } from './fixtures'
import { mountDashboard, signIn, text } from './mount-dashboard'

/** Signing in, the first manager's enrolment and signing out, against the contract's answers at the network's edge. */
describe('the dashboard: who is signed in', () => {
  let hub: FakeHub
  beforeEach(() => {
    hub = new FakeHub().install()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('opens on sign-in without a session, and a wrong password is refused in words, the password field emptied', async () => {
    const page = await mountDashboard()
    expect(page.find('[data-testid="sign-in-page"]').exists()).toBe(true)
    expect(page.find('[data-testid="problem"]').exists()).toBe(false)
    await page.get('[data-testid="sign-in-name"]').setValue(manager.name)
    await page.get('[data-testid="sign-in-password"]').setValue('not the password')
    await page.get('form').trigger('submit')
    await flushPromises()
    expect(text(page, 'problem')).toBe('Wrong name or password.')
    expect((page.get('[data-testid="sign-in-password"]').element as HTMLInputElement).value).toBe('')
  })

  it("opens on the first manager's form while the hub has no manager, focused at its heading", async () => {
    hub.firstManagerNeeded = true
    const page = await mountDashboard()
    expect(page.find('[data-testid="first-manager-page"]').exists()).toBe(true)
    expect(page.find('[data-testid="problem"]').exists()).toBe(false)
    expect(document.activeElement?.id).toBe('first-manager-title')
  })

  it('words a refusal in the language chosen, with the wait the hub gives', async () => {
    const page = await mountDashboard('zh-HK')
    hub.answerNext('POST', DASHBOARD_PATHS.session, 429, { refused: 'too-many-tries', retryAfterSeconds: 60 })
    await signIn(page, hub)
    expect(text(page, 'problem')).toBe('嘗試次數過多。請在 60 秒後再試。')
    await page.get('[data-testid="language-ms-MY"]').trigger('click')
    expect(text(page, 'problem')).toBe('Terlalu banyak cubaan. Sila cuba lagi dalam 60 saat.')
    expect(document.documentElement.lang).toBe('ms-MY')
  })

  it('counts the wait in English by its number: one second, two seconds', async () => {
    const page = await mountDashboard()
    hub.answerNext('POST', DASHBOARD_PATHS.session, 429, { refused: 'too-many-tries', retryAfterSeconds: 1 })
    await signIn(page, hub)
    expect(text(page, 'problem')).toBe('Too many tries. Please try again in 1 second.')
    hub.answerNext('POST', DASHBOARD_PATHS.session, 429, { refused: 'too-many-tries', retryAfterSeconds: 2 })
    await signIn(page, hub)
    expect(text(page, 'problem')).toBe('Too many tries. Please try again in 2 seconds.')
  })

  it('signs in with JSON sent same-origin, shows the manager and the devices page, and opens the live stream', async () => {
    const page = await mountDashboard()
    await signIn(page, hub)
    const post = hub.sent.find((s) => s.method === 'POST' && s.path === DASHBOARD_PATHS.session)!
    expect(post.body).toEqual({ name: manager.name, password: hub.password })
    expect(post.headers.get('content-type')).toBe('application/json')
    expect(post.credentials).toBe('same-origin')
    expect(text(page, 'signed-in-as')).toBe('Signed in as Mei Ling')
    expect(page.find('[data-testid="devices-page"]').exists()).toBe(true)
    expect(hub.stream.closed).toBe(false)
    expect(document.activeElement?.id).toBe('devices-title')
    // Who signed in is the hub's answer to signing in (SessionAnswer): not asked again.
    expect(hub.sent.filter((s) => s.path === DASHBOARD_PATHS.session).map((s) => s.method)).toEqual(['GET', 'POST'])
  })

  it('signs out: the session is deleted at the hub, the stream closed, and the sign-in page shown', async () => {
    const page = await mountDashboard()
    await signIn(page, hub)
    const stream = hub.stream
    await page.get('[data-testid="sign-out"]').trigger('click')
    await flushPromises()
    expect(hub.sent.at(-1)).toMatchObject({ method: 'DELETE', path: DASHBOARD_PATHS.session })
    expect(stream.closed).toBe(true)
    expect(page.find('[data-testid="sign-in-page"]').exists()).toBe(true)
    expect(text(page, 'live-region')).toContain('You are signed out.')
  })

  it('enrols the first manager with the one-time code, refusing a password under 12 characters before sending it', async () => {
    const page = await mountDashboard()
    await page.get('[data-testid="to-first-manager"]').trigger('click')
    await page.get('[data-testid="first-code"]').setValue(hub.firstCode)
    await page.get('[data-testid="first-name"]').setValue(manager.name)
    await page.get('[data-testid="first-password"]').setValue('eleven char')
    await page.get('form').trigger('submit')
    await flushPromises()
    expect(text(page, 'problem')).toBe('A new password needs at least 12 characters.')
    expect(hub.sent.filter((s) => s.path === DASHBOARD_PATHS.firstManager)).toEqual([])

    await page.get('[data-testid="first-password"]').setValue('twelve chars')
    await page.get('form').trigger('submit')
    await flushPromises()
    expect(hub.sent.find((s) => s.path === DASHBOARD_PATHS.firstManager)?.body).toEqual({ code: hub.firstCode, name: manager.name, password: 'twelve chars' })
    expect(text(page, 'signed-in-as')).toBe('Signed in as Mei Ling')
    expect(hub.sent.filter((s) => s.path === DASHBOARD_PATHS.session).map((s) => s.method)).toEqual(['GET'])
  })

  it('says a field left empty before sending the form', async () => {
    const page = await mountDashboard()
    await page.get('[data-testid="sign-in-password"]').setValue(hub.password)
    await page.get('form').trigger('submit')
    await flushPromises()
    expect(text(page, 'problem')).toBe('Fill in every field.')
    expect(hub.sent.filter((s) => s.method === 'POST')).toEqual([])
  })

  it('says a wrong first-manager code is not valid', async () => {
    const page = await mountDashboard('zh-CN')
    await page.get('[data-testid="to-first-manager"]').trigger('click')
    await page.get('[data-testid="first-code"]').setValue('WRONG-CODE')
    await page.get('[data-testid="first-name"]').setValue(manager.name)
    await page.get('[data-testid="first-password"]').setValue('a long enough password')
    await page.get('form').trigger('submit')
    await flushPromises()
    expect(text(page, 'problem')).toBe('此代码无效：可能输入有误、已被使用或已过期。')
  })

  it('shows an unreadable session answer as a problem, without crashing, and can still sign in', async () => {
    hub.answerNext('GET', DASHBOARD_PATHS.session, 200, { manager: { name: 'no id' } })
    const page = await mountDashboard()
    expect(text(page, 'problem')).toMatch(/^The hub's answer could not be read/)
    await signIn(page, hub)
    expect(text(page, 'signed-in-as')).toBe('Signed in as Mei Ling')
  })

  it('says when the hub cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    const page = await mountDashboard()
    expect(text(page, 'problem')).toBe('Cannot reach the hub. Check the network and try again.')
  })
})
