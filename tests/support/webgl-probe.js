/* global window, HTMLCanvasElement, OffscreenCanvas */
// Installed in a page before the app (Playwright addInitScript: the seat map's E2E spec, bench:kiosk-day), plain
// browser JavaScript: counts the WebGL contexts the page creates (each once, however often getContext is asked
// for it again) and keeps a weak reference to each, so it can be told how many are still alive and not lost.
// window.__webgl.stacks keeps where the first few were created, for finding who creates them.
;(() => {
  const probe = { created: 0, refs: [], stacks: [] }
  window.__webgl = probe
  const seen = new WeakSet()
  const wrap = (proto) => {
    const original = proto.getContext
    proto.getContext = function (type, ...rest) {
      const context = original.call(this, type, ...rest)
      if (context && /webgl/i.test(String(type)) && !seen.has(context)) {
        seen.add(context)
        probe.created++
        probe.refs.push(new WeakRef(context))
        if (probe.stacks.length < 20) probe.stacks.push(new Error().stack)
      }
      return context
    }
  }
  wrap(HTMLCanvasElement.prototype)
  if (typeof OffscreenCanvas !== 'undefined') wrap(OffscreenCanvas.prototype)
  /** Contexts created so far, and those still alive and not lost (after a garbage collection). */
  probe.count = () => {
    probe.refs = probe.refs.filter((ref) => ref.deref() !== undefined)
    return { created: probe.created, live: probe.refs.filter((ref) => !ref.deref().isContextLost()).length }
  }
})()
