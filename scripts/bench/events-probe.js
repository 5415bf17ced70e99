/* global window, document, requestAnimationFrame, MutationObserver, ResizeObserver */
/**
 * In-page side of `npm run bench:events` (scripts/bench/events.ts), installed
 * before the app loads (Playwright addInitScript). Plain browser JavaScript on
 * purpose: functions compiled by tsx carry helpers that do not exist in a page.
 *
 * Watches long tasks (PerformanceObserver) and the renderer's questions for
 * events (by wrapping fetch, which the browser host's bridge uses), and offers
 * the drivers the bench calls as window.__bench.
 */
;(() => {
  const longTasks = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })

  /** Every catalogue.events question: its page and search, when it was sent and when its answer was in. */
  const questions = []
  const realFetch = window.fetch.bind(window)
  window.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    if (!url.includes('/ipc/catalogue.events')) return realFetch(input, init)
    const body = JSON.parse((init && init.body) || '{}')
    const question = { page: body.page || 0, search: body.search || null, sent: performance.now(), answered: 0 }
    questions.push(question)
    const response = await realFetch(input, init)
    const text = await response.text()
    question.answered = performance.now()
    try {
      const reply = JSON.parse(text)
      question.events = reply.ok ? reply.value.events.length : 0
    } catch {
      question.events = 0
    }
    return new Response(text, { status: response.status, headers: response.headers })
  }

  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())))
  const list = () => document.querySelector('[data-testid="event-list"]')
  const quantile = (values, q) => {
    if (values.length === 0) return 0
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  }

  // Touch to start → the first rows drawn.
  let startedAt = 0
  let firstRowsAt = 0
  document.addEventListener(
    'click',
    (event) => {
      if (!startedAt && event.target.closest && event.target.closest('[data-testid="touch-to-start"]')) startedAt = performance.now()
    },
    { capture: true },
  )
  const watchFirst = new MutationObserver(() => {
    if (startedAt && document.querySelector('[data-testid="event-list"] > li')) {
      watchFirst.disconnect()
      void frame().then((at) => (firstRowsAt = at))
    }
  })
  document.addEventListener('DOMContentLoaded', () => watchFirst.observe(document.body, { childList: true, subtree: true }))

  let search = null

  window.__bench = {
    /** Events in the list now: the answers since the last first page. */
    loadedEvents() {
      const answered = questions.filter((q) => q.answered)
      let first = -1
      answered.forEach((q, i) => {
        if (q.page === 0) first = i
      })
      return first < 0 ? 0 : answered.slice(first).reduce((sum, q) => sum + q.events, 0)
    },

    async firstListMs() {
      while (!firstRowsAt) await frame()
      return firstRowsAt - startedAt
    },

    /** Down the whole list a window at a time until the row with this test id is drawn. */
    async scrollThrough(lastTestId) {
      const settle = []
      const pageWaits = []
      const listResizes = []
      const resizes = new ResizeObserver(() => listResizes.push(performance.now()))
      resizes.observe(list())
      const tasksBefore = longTasks.length
      const questionsBefore = questions.length
      let frames = 0
      let counting = true
      const count = () => {
        frames++
        if (counting) requestAnimationFrame(count)
      }
      requestAnimationFrame(count)
      const started = performance.now()
      let steps = 0
      const last = () => document.querySelector(`[data-testid="${lastTestId}"]`)
      while (!last()) {
        const root = document.documentElement
        if (window.scrollY + window.innerHeight >= root.scrollHeight - 2) {
          // At the end of what is loaded: wait for the next page to lengthen the list.
          const waiting = performance.now()
          const height = root.scrollHeight
          while (root.scrollHeight <= height && !last()) {
            await frame()
            if (performance.now() - waiting > 30000) throw new Error('no next page came')
          }
          pageWaits.push(performance.now() - waiting)
          continue
        }
        const scrolled = performance.now()
        window.scrollBy(0, window.innerHeight)
        await frame()
        await frame()
        settle.push(performance.now() - scrolled)
        steps++
      }
      counting = false
      resizes.disconnect()
      const tasks = longTasks.slice(tasksBefore).filter((t) => t.start >= started)
      const pages = questions.slice(questionsBefore).filter((q) => q.page > 0 && q.answered)
      const pageRenders = pages.map((q) => (listResizes.find((at) => at >= q.answered) || q.answered) - q.answered)
      return {
        steps,
        frames,
        totalMs: performance.now() - started,
        settleP50: quantile(settle, 0.5),
        settleP95: quantile(settle, 0.95),
        settleMax: quantile(settle, 1),
        longTasks: tasks.length,
        longTaskMs: tasks.reduce((sum, t) => sum + t.duration, 0),
        longestTaskMs: tasks.reduce((most, t) => Math.max(most, t.duration), 0),
        pages: pages.length,
        pageWaitP50: quantile(pageWaits, 0.5),
        pageRenderP50: quantile(pageRenders, 0.5),
      }
    },

    /** Call before typing a search: notes each key (the last one counts) and watches the list for the answer. */
    armSearch() {
      const state = { keyAt: 0, changedAt: 0, questionsBefore: questions.length }
      const onKey = (event) => {
        if (!state.changedAt) state.keyAt = event.timeStamp
      }
      state.onKey = onKey
      document.addEventListener('keydown', onKey, { capture: true })
      state.watch = new MutationObserver(() => {
        const asked = questions.slice(state.questionsBefore).find((q) => q.search && q.answered)
        if (asked && !state.changedAt) {
          state.changedAt = -1
          state.watch.disconnect()
          void frame().then((at) => (state.changedAt = at))
        }
      })
      state.watch.observe(list(), { childList: true, subtree: true, characterData: true })
      search = state
    },

    async searchDone() {
      const state = search
      const waiting = performance.now()
      while (state.changedAt <= 0) {
        await frame()
        if (performance.now() - waiting > 10000) throw new Error('the list never showed the search')
      }
      document.removeEventListener('keydown', state.onKey, { capture: true })
      const asked = questions.slice(state.questionsBefore).find((q) => q.search && q.answered)
      const row = document.querySelector('[data-testid="event-list"] > li')
      return {
        debounceMs: asked.sent - state.keyAt,
        roundTripMs: asked.answered - asked.sent,
        renderMs: state.changedAt - asked.answered,
        totalMs: state.changedAt - state.keyAt,
        results: Number((row && row.getAttribute('aria-setsize')) || 0),
      }
    },
  }
})()
