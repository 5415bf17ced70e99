import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { createFoyerRouter } from '../../renderer/src/router'

/**
 * The kiosk's router remembers where the screen is, not where it has been: it never goes back (screens
 * follow the sale), and on a page never reloaded a history of every screen shown grew all day (issue #35).
 */
describe("the renderer's router history", () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('keeps only the screen shown now: after a customer’s screens there is nothing to go back to', async () => {
    const router = createFoyerRouter()
    for (let customer = 0; customer < 3; customer++) {
      for (const path of ['/', '/events', '/events/FY26KOPIKAYA', '/seats', '/tickets', '/review', '/checkout', '/done']) await router.push(path)
    }
    const history = router.options.history
    expect(history.location).toBe('/done')
    history.go(-1, false)
    expect(history.location).toBe('/done')
    await router.replace('/')
    history.go(-5, false)
    expect(history.location).toBe('/')
  })
})
