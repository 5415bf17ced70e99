import { expect, type Page } from '@playwright/test'
import { said } from './audio-recorder'

/**
 * A customer who cannot see the screen, at the kiosk's keypad: they press
 * only the keypad's keys (never Tab, never a touch) and go by what they hear.
 * Each press waits until the kiosk has said what that key did; a press that
 * moves the focus is not done until an utterance since it names the control
 * the focus is on (its name as Chromium's accessibility tree has it, read by
 * Playwright, not by Foyer's own code).
 */
const KEYPAD = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter', 'Escape', 'F1'])

/** The focused control's accessible name, from Playwright's aria snapshot of it; null when nothing is focused. */
async function focusedName(page: Page): Promise<string | null> {
  const focused = page.locator(':focus')
  if ((await focused.count()) === 0) return null
  const line = (await focused.ariaSnapshot()).split('\n')[0] ?? ''
  const match = /^- [\w-]+(?: "((?:[^"\\]|\\.)*)")?/.exec(line)
  return match?.[1]?.replace(/\\"/g, '"') ?? ''
}

/** The name's words, money left out (said as words: "45 dollars"), each to be heard. */
const wordsOf = (name: string) =>
  name
    .replace(/−?S\$[\d,.]+/g, ' ')
    .split(/[\s,.:;·–—()"“”]+/)
    .filter((word) => word !== '')

export class KeypadCustomer {
  /** Keys pressed so far. */
  keys = 0
  /** Focus moves heard naming their control. */
  spokenMoves = 0

  constructor(readonly page: Page) {}

  /** What has been said since utterance `from`, joined. */
  async heardSince(from: number): Promise<string> {
    return (await said(this.page))
      .slice(from)
      .map((u) => u.text)
      .join(' | ')
  }

  /**
   * Presses one keypad key; answers what was said after it. `landsOn`: the control the focus must end on (a
   * test id), waited for; the utterances must then name it. `hears`: what must be said (help, a total).
   */
  async press(key: string, expected: { landsOn?: string; hears?: RegExp } = {}): Promise<string> {
    expect(KEYPAD.has(key), `${key} is a keypad key`).toBe(true)
    const from = (await said(this.page)).length
    await this.page.keyboard.press(key)
    this.keys++
    if (expected.landsOn) await expect(this.page.locator(':focus')).toHaveAttribute('data-testid', expected.landsOn, { timeout: 20_000 })
    if (expected.hears) await expect.poll(() => this.heardSince(from), { timeout: 20_000 }).toMatch(expected.hears)
    if (expected.landsOn || !expected.hears) {
      // Every focus move is said, naming the control the focus is on.
      await expect
        .poll(
          async () => {
            const name = await focusedName(this.page)
            if (name === null) return 'nothing focused'
            const heard = await this.heardSince(from)
            const missing = wordsOf(name).filter((word) => !heard.includes(word))
            return missing.length === 0 ? 'named' : `"${name}" not named in: ${heard}`
          },
          { timeout: 20_000 },
        )
        .toBe('named')
      this.spokenMoves++
    }
    return this.heardSince(from)
  }

  /** Presses `key` until the focus is on `testId` (a list walked item by item), at most `limit` times. */
  async pressUntil(key: string, testId: string, limit: number): Promise<void> {
    for (let i = 0; i < limit; i++) {
      if ((await this.page.locator(':focus').getAttribute('data-testid')) === testId) return
      await this.press(key)
    }
    await expect(this.page.locator(':focus')).toHaveAttribute('data-testid', testId)
  }
}
