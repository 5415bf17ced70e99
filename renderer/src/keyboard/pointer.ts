/**
 * Whether a finger (or the mouse) is down on the screen now, for work that
 * must wait until the tap under way has landed. Focus moves when a tap starts,
 * but its click lands where the finger lifts: a keyboard that closed as focus
 * left would move the list under the finger, and the click would land on
 * whatever moved there instead.
 */
let down = false
let waiting: (() => void)[] = []
let listening = false

function release(): void {
  down = false
  const due = waiting
  waiting = []
  // After this release's click, which comes in the same task.
  if (due.length > 0) setTimeout(() => due.forEach((run) => run()))
}

function listen(): void {
  if (listening) return
  listening = true
  document.addEventListener('pointerdown', () => (down = true), { capture: true })
  document.addEventListener('pointerup', release, { capture: true })
  document.addEventListener('pointercancel', release, { capture: true })
}

/** Runs `then` once no pointer is down and the click of the tap under way (if any) has landed. */
export function afterPointerReleased(then: () => void): void {
  listen()
  if (down) waiting.push(then)
  else setTimeout(then)
}

/** Whether a finger (or the mouse) is down now, as far as seen since listening started. */
export function pointerIsDown(): boolean {
  return down
}

/** Starts listening before the first tap (called as a keyboard appears). */
export function watchPointer(): void {
  listen()
}
