/* global window, document, HTMLElement, MutationObserver */
// Installed in the kiosk's page before the app by bench:kiosk-day (issue #35), plain browser JavaScript: a
// customer's hands, driven from the bench over the DevTools pipe without Playwright (whose Network domain
// would keep a copy of every response the page gets, and look like the kiosk's own growth).
// - window.__customer: waits for a control by its test id and says where to touch it (the bench then presses
//   there through DevTools' Input domain: a real, trusted press, as a finger's), types into a field, tells
//   whether a control is showing.
// - window.__skipTime(ms): the page's timers and clocks jump ms ahead, each timer now due running once,
//   so a customer's walking away (a quiet minute, then the warning's countdown) takes no minute.
;(() => {
  const realSetTimeout = window.setTimeout.bind(window)
  const realClearTimeout = window.clearTimeout.bind(window)
  const realPerformanceNow = performance.now.bind(performance)
  const realDateNow = Date.now.bind(Date)
  let skipped = 0
  let nextId = 1
  /** Every timer still to run: id → { run, due (the page's time), every (an interval's period), real }. */
  const timers = new Map()
  const now = () => realPerformanceNow() + skipped

  const arm = (id, timer) => {
    timer.real = realSetTimeout(() => fire(id), Math.max(0, timer.due - now()))
  }
  const fire = (id) => {
    const timer = timers.get(id)
    if (!timer) return
    realClearTimeout(timer.real)
    if (timer.every === undefined) timers.delete(id)
    else {
      timer.due = now() + timer.every
      arm(id, timer)
    }
    timer.run()
  }
  const add = (handler, ms, args, interval) => {
    const id = nextId++
    const wait = Math.max(0, Number(ms) || 0)
    const run = () => (typeof handler === 'function' ? handler(...args) : undefined)
    const timer = { run, due: now() + wait, every: interval ? Math.max(1, wait) : undefined, real: 0 }
    timers.set(id, timer)
    arm(id, timer)
    return id
  }
  const clear = (id) => {
    const timer = timers.get(id)
    if (!timer) return
    realClearTimeout(timer.real)
    timers.delete(id)
  }
  window.setTimeout = (handler, ms, ...args) => add(handler, ms, args, false)
  window.setInterval = (handler, ms, ...args) => add(handler, ms, args, true)
  window.clearTimeout = clear
  window.clearInterval = clear
  performance.now = now
  Date.now = () => realDateNow() + skipped

  window.__skipTime = (ms) => {
    skipped += ms
    for (const [id, timer] of [...timers]) if (timer.due <= now()) fire(id)
  }

  const find = (selector) => {
    const element = document.querySelector(selector)
    return element instanceof HTMLElement && element.getClientRects().length > 0 ? element : null
  }
  const bySelector = (what) => (what.startsWith('[') || what.includes(' ') ? what : `[data-testid="${what}"]`)
  /** The control once it shows and can be used; throws after `timeoutMs`. */
  const waitFor = async (what, timeoutMs = 30_000, enabled = true) => {
    const selector = bySelector(what)
    const began = realPerformanceNow()
    for (;;) {
      const element = find(selector)
      if (element && !(enabled && element.matches(':disabled'))) return element
      if (realPerformanceNow() - began > timeoutMs) throw new Error(`${selector} did not show within ${timeoutMs} ms`)
      await new Promise((resolve) => realSetTimeout(resolve, 25))
    }
  }
  /** Where a finger would touch the control: its middle, once it is scrolled into view. */
  const middle = (element) => {
    element.scrollIntoView({ block: 'center', inline: 'center' })
    const at = element.getBoundingClientRect()
    return { x: Math.round(at.x + at.width / 2), y: Math.round(at.y + at.height / 2) }
  }

  window.__customer = {
    waitFor: async (what, timeoutMs) => {
      await waitFor(what, timeoutMs, false)
    },
    /** Where to touch the control, once it shows and can be used (the bench presses there: a real input event). */
    at: async (what, timeoutMs) => middle(await waitFor(what, timeoutMs)),
    /** Where to touch the `index`th usable button inside the control `within`. */
    atNth: async (within, index, timeoutMs) => {
      const list = await waitFor(within, timeoutMs, false)
      const buttons = [...list.querySelectorAll('button:enabled')]
      if (!buttons[index]) throw new Error(`${within} has no usable button ${index} (it has ${buttons.length})`)
      return middle(buttons[index])
    },
    type: async (what, text) => {
      const field = await waitFor(what)
      field.focus()
      field.value = text
      field.dispatchEvent(new Event('input', { bubbles: true }))
    },
    /**
     * Types a search into `what` and waits, as a customer reading the list does, until `list` has been busy
     * with its answer and is no longer: the search is asked a moment after the last key (EventSearch.vue),
     * whatever that moment is. Watched, not polled: the local sandbox answers within a poll's interval.
     */
    search: async (what, text, list, timeoutMs = 30_000) => {
      const listed = await waitFor(list, timeoutMs, false)
      const answered = new Promise((resolve, reject) => {
        let busy = false
        const watch = new MutationObserver(() => {
          if (listed.getAttribute('aria-busy') === 'true') busy = true
          else if (busy) settle(resolve)
        })
        const settle = (end) => {
          watch.disconnect()
          realClearTimeout(late)
          end()
        }
        const late = realSetTimeout(() => settle(() => reject(new Error(`${list} was not asked for "${text}" within ${timeoutMs} ms`))), timeoutMs)
        watch.observe(listed, { attributes: true, attributeFilter: ['aria-busy'] })
      })
      await window.__customer.type(what, text)
      await answered
    },
    showing: (what) => find(bySelector(what)) !== null,
  }
})()
