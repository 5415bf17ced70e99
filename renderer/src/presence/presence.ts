/**
 * Whether someone is at the screen: one set of document listeners (touch, key,
 * scroll) for the whole renderer, however many things count quiet time (the
 * kiosk's idle reset, the counter's sign-out, a screen counting back to the
 * start). Each subscribes with its own timeout; the listeners are on the
 * document only while someone is subscribed.
 */
// A scroll counts on its own: a finger that went down once and keeps dragging the page (or a list
// in it) sends no more touches, and a customer reading down a long list is there. Scroll events do
// not bubble; listened for in the capture phase, the document hears the page's and every list's.
// Foyer scrolls by itself only in answer to the customer (a list they asked for, keys they opened).
const EVENTS = ['pointerdown', 'keydown', 'wheel', 'scroll'] as const

type Listener = () => void
const listeners = new Set<Listener>()
let lastTouch = performance.now()

function touched(): void {
  lastTouch = performance.now()
  for (const listener of [...listeners]) listener()
}

/** When the screen was last touched (performance.now() time). */
export function idleSince(): number {
  return lastTouch
}

/** Runs `listener` on every touch, key or scroll; answers how to stop. */
export function onPresence(listener: Listener): () => void {
  if (listeners.size === 0) for (const name of EVENTS) document.addEventListener(name, touched, { capture: true, passive: true })
  listeners.add(listener)
  return () => {
    if (!listeners.delete(listener) || listeners.size > 0) return
    for (const name of EVENTS) document.removeEventListener(name, touched, { capture: true })
  }
}

export interface QuietWatch {
  /** Starts the quiet time again from now (a touch does this by itself). */
  restart(): void
  /** No more counting, and no more listening. */
  stop(): void
}

/**
 * Calls `onQuiet` once the screen has been left alone for `timeoutMs()` (read
 * at each restart, so a changed setting counts from the next touch), unless
 * `counting()` says not to count now. Every touch starts the count again.
 */
export function whenQuiet(timeoutMs: () => number, onQuiet: () => void, counting: () => boolean = () => true): QuietWatch {
  let timer: ReturnType<typeof setTimeout> | undefined
  const restart = () => {
    clearTimeout(timer)
    timer = counting() ? setTimeout(onQuiet, timeoutMs()) : undefined
  }
  const unsubscribe = onPresence(restart)
  restart()
  return {
    restart,
    stop: () => {
      clearTimeout(timer)
      unsubscribe()
    },
  }
}
