import { shallowRef, watch, type ShallowRef } from 'vue'
import { afterPointerReleased, pointerIsDown, watchPointer } from '../keyboard/pointer'

/**
 * What a screen shows under the customer's finger, held still while a finger
 * (or the mouse) is down and brought up to date once that tap has landed. A
 * tap's click lands where the finger lifts: a list that changed meanwhile (a
 * search's answer coming back, its "Loading" line going) would have moved under
 * the finger, and the click would open whatever moved there, or nothing.
 * With no finger down, changes show at once.
 */
export function useHeldWhilePressed<T>(source: () => T): Readonly<ShallowRef<T>> {
  watchPointer()
  const held = shallowRef(source())
  let due = false
  watch(source, (now) => {
    if (!pointerIsDown()) {
      held.value = now
      return
    }
    if (due) return
    due = true
    afterPointerReleased(() => {
      due = false
      held.value = source()
    })
  })
  return held
}
