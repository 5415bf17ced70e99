import { describe, expect, it } from 'vitest'
import { ScanBurst, WEDGE_TIMING } from '../../renderer/src/composables/scan-timing'
import { scanListener } from '../../renderer/src/composables/scanner'

/**
 * A keyboard-wedge scanner told from typing by timing alone (issue #34), with a fake clock: the times
 * are the keys' own. A scan: 6 or more characters, no gap over 80 ms, a mean of 35 ms or less, Enter.
 */
const CODE = '4821097735106624'

/** Feeds `text` then Enter, a key every `gaps(i)` ms from 1000; answers what Enter said. */
function typed(burst: ScanBurst, text: string, gaps: (i: number) => number): string | null {
  let at = 1000
  for (const [i, char] of [...text].entries()) {
    at += gaps(i)
    burst.char(char, at)
  }
  return burst.enter(at + gaps(text.length))
}

describe('ScanBurst', () => {
  it('takes a scanner burst (a key every 8 ms, Enter) for a scan', () => {
    expect(typed(new ScanBurst(), CODE, () => 8)).toBe(CODE)
  })

  it('takes the same digits typed at a person’s pace (150 ms a key), or a fast flurry averaging 45 ms, for typing', () => {
    expect(typed(new ScanBurst(), CODE, () => 150)).toBeNull()
    expect(typed(new ScanBurst(), CODE, () => 45)).toBeNull()
  })

  it('keeps a scan whose keys paused once (a busy machine: 70 ms once, 8 ms otherwise)', () => {
    expect(typed(new ScanBurst(), CODE, (i) => (i === 7 ? 70 : 8))).toBe(CODE)
  })

  it('starts again after a pause longer than a scanner makes: only what came after it can be the code', () => {
    expect(typed(new ScanBurst(), `123${CODE}`, (i) => (i === 3 ? 500 : 8))).toBe(CODE)
    expect(typed(new ScanBurst(), 'AB1234', (i) => (i === 3 ? 500 : 8))).toBeNull()
  })

  it(`refuses a burst under ${WEDGE_TIMING.minLength} characters, and an Enter pressed later by hand`, () => {
    expect(typed(new ScanBurst(), '12345', () => 8)).toBeNull()
    expect(typed(new ScanBurst(), CODE, (i) => (i === CODE.length ? 300 : 8))).toBeNull()
  })

  it('says a burst looks like a scanner from its second fast key on, and where a burst starts', () => {
    const burst = new ScanBurst()
    expect(burst.char('1', 0)).toEqual({ starts: true, scanLike: false })
    expect(burst.char('2', 8)).toEqual({ starts: false, scanLike: true })
    expect(burst.char('3', 300)).toEqual({ starts: true, scanLike: false })
    expect(burst.char('4', 360)).toEqual({ starts: false, scanLike: false })
  })
})

/** A key event as the window's listener sees it, at `timeStamp` ms; it notes whether it was spent. */
function key(key: string, timeStamp: number, target: EventTarget) {
  const event = { key, timeStamp, target, isComposing: false, repeat: false, ctrlKey: false, altKey: false, metaKey: false, spent: false }
  return Object.assign(event, {
    preventDefault: () => void (event.spent = true),
    stopImmediatePropagation: () => void (event.spent = true),
  })
}

/** Types `text` and Enter into `target` through the listener, as Chromium would (a field gets each key not spent). */
function typeInto(listener: (event: KeyboardEvent) => void, target: EventTarget, text: string, gapMs: number) {
  const events = [...text, 'Enter'].map((k, i) => key(k, 1000 + i * gapMs, target))
  for (const event of events) {
    listener(event as unknown as KeyboardEvent)
    if (!event.spent && event.key !== 'Enter' && target instanceof HTMLInputElement) target.value += event.key
  }
  return events
}

describe('the scanner’s listener', () => {
  it('hands a scan over and leaves nothing of it in the text field it was scanned into, nor lets its Enter submit', () => {
    const scans: string[] = []
    const field = document.createElement('input')
    field.value = 'Kopi'
    let told = 0
    field.addEventListener('input', () => told++)
    const events = typeInto(scanListener(() => true, (code) => scans.push(code)), field, CODE, 8)
    expect(scans).toEqual([CODE])
    expect(field.value).toBe('Kopi')
    expect(told).toBe(1)
    expect(events.at(-1)!.spent).toBe(true)
  })

  it('leaves typing alone: slow digits stay in the field and their Enter goes on', () => {
    const scans: string[] = []
    const field = document.createElement('input')
    const events = typeInto(scanListener(() => true, (code) => scans.push(code)), field, CODE, 150)
    expect(scans).toEqual([])
    expect(field.value).toBe(CODE)
    expect(events.some((e) => e.spent)).toBe(false)
  })

  it('outside a field, keeps a scan’s keys from acting as shortcuts from its second key on', () => {
    const scans: string[] = []
    const events = typeInto(scanListener(() => true, (code) => scans.push(code)), document.body, CODE, 8)
    expect(scans).toEqual([CODE])
    expect(events.map((e) => e.spent)).toEqual([false, ...Array<boolean>(CODE.length).fill(true)])
  })

  it('lets keys typed fast into a field the burst moved into stay text ("/" focuses the search, then a word is typed)', () => {
    const listener = scanListener(() => true, () => {})
    const search = document.createElement('input')
    const slash = key('/', 1000, document.body)
    listener(slash as unknown as KeyboardEvent)
    const word = [...'Kopi'].map((k, i) => key(k, 1010 + i * 8, search))
    for (const event of word) listener(event as unknown as KeyboardEvent)
    expect(word.some((e) => e.spent)).toBe(false)
  })

  it('never takes a PIN typed fast into a PIN field for a scan, and does nothing where it is not enabled', () => {
    const scans: string[] = []
    const pin = document.createElement('input')
    pin.type = 'password'
    typeInto(scanListener(() => true, (code) => scans.push(code)), pin, '258046', 8)
    typeInto(scanListener(() => false, (code) => scans.push(code)), document.body, CODE, 8)
    expect(scans).toEqual([])
    expect(pin.value).toBe('258046')
  })
})
