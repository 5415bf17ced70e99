import { onMounted, onUnmounted } from 'vue'
import { isTextField } from './page-controls'
import { ScanBurst } from './scan-timing'

/**
 * A keyboard-wedge barcode scanner at the counter (issue #34): it types a code fast and ends it with
 * Enter, wherever the focus is. One keydown listener on the window, in the capture phase (before the
 * shortcuts' handler and any field), tells a scan from typing by timing (./scan-timing.ts) and hands
 * the code over. What the scan typed must not stay behind:
 * - in a text field, the characters went in before the burst could be known for a scan: the field is
 *   put back as it was at the burst's first key (and told so, for v-model), and the Enter is kept from
 *   submitting its form;
 * - elsewhere, from the second scanner-fast key on, keys are swallowed, so a code's digits do not
 *   press the seats screen's "1" and "2" or the tickets' "+" (the first key is already gone by then:
 *   one key alone cannot be told from a person's).
 * Typing at a person's pace is left entirely alone, and so is a PIN field, however fast. The Shift a scanner holds for capitals is no key of its own.
 */
interface FieldBefore {
  field: HTMLInputElement | HTMLTextAreaElement
  value: string
  start: number | null
  end: number | null
}

function fieldBefore(target: EventTarget | null): FieldBefore | null {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) || !isTextField(target)) return null
  // Number and date inputs have no selection to read: selectionStart throws on some types.
  const selection = (() => {
    try {
      return { start: target.selectionStart, end: target.selectionEnd }
    } catch {
      return { start: null, end: null }
    }
  })()
  return { field: target, value: target.value, ...selection }
}

function putBack(before: FieldBefore): void {
  before.field.value = before.value
  if (before.start !== null && before.end !== null) before.field.setSelectionRange(before.start, before.end)
  before.field.dispatchEvent(new Event('input', { bubbles: true }))
}

const NEUTRAL_KEYS = new Set(['Shift', 'CapsLock'])

/** A key that is not the scan's: spent here so nothing else acts on it. */
function swallow(event: KeyboardEvent): void {
  event.preventDefault()
  event.stopImmediatePropagation()
}

/** The listener, apart from Vue's lifetime (the renderer's tests drive it with their own events). */
export function scanListener(enabled: () => boolean, onScan: (code: string) => void, burst = new ScanBurst()): (event: KeyboardEvent) => void {
  let before: FieldBefore | null = null
  return (event) => {
    if (!enabled() || event.isComposing || event.repeat || event.ctrlKey || event.altKey || event.metaKey) {
      burst.reset()
      return
    }
    if (NEUTRAL_KEYS.has(event.key)) return
    // A PIN typed fast and entered is a PIN, never a code to look up: no scanner is pointed at a PIN field.
    if (event.target instanceof HTMLInputElement && event.target.type === 'password') {
      burst.reset()
      return
    }
    if (event.key === 'Enter') {
      if (!burst.started) return
      const code = burst.enter(event.timeStamp)
      if (code === null) return
      swallow(event)
      if (before) putBack(before)
      before = null
      onScan(code)
      return
    }
    if (event.key.length !== 1) {
      burst.reset()
      return
    }
    const { starts, scanLike } = burst.char(event.key, event.timeStamp)
    if (starts) before = null
    // Where the key lands now decides, not where the burst began: "/" on a button focuses the search, and
    // what is typed next into it is text (put back at the Enter if it was a scan), never swallowed.
    const field = fieldBefore(event.target)
    if (field && before?.field !== field.field) before = field
    if (scanLike && !field) swallow(event)
  }
}

/** Installs the listener for the app's lifetime; `enabled` is asked at every key (a signed-in counter with the setting on). */
export function useScanner(enabled: () => boolean, onScan: (code: string) => void): void {
  const listener = scanListener(enabled, onScan)
  onMounted(() => window.addEventListener('keydown', listener, { capture: true }))
  onUnmounted(() => window.removeEventListener('keydown', listener, { capture: true }))
}
