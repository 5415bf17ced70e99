/**
 * A page script (for Playwright's addInitScript) that counts
 * requestAnimationFrame callbacks as they run, read back with
 * `window.rafCalls()`: an idle seat map must run none. A string, so that no
 * compiler's helpers end up in the page.
 */
export const COUNT_FRAME_CALLBACKS = `{
  const raf = window.requestAnimationFrame.bind(window)
  let calls = 0
  window.requestAnimationFrame = (callback) => raf((t) => (calls++, callback(t)))
  window.rafCalls = () => calls
}`

/** The callbacks run so far in `page` (one with COUNT_FRAME_CALLBACKS installed). */
export const rafCalls = (page: { evaluate<R>(fn: () => R): Promise<R> }): Promise<number> => page.evaluate(() => window.rafCalls!())

declare global {
  interface Window {
    /** Installed by COUNT_FRAME_CALLBACKS. */
    rafCalls?: () => number
  }
}
