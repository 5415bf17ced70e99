/**
 * Telling a keyboard-wedge scanner from a person by the timing of the keys alone (no DOM here, so it is
 * tested with a fake clock). A USB HID wedge scanner "types" a code as one burst and ends it with Enter:
 * scanners measured in browsers send a key every 7 to 8 ms with an occasional 16 ms gap, and the slowest
 * setting scanners offer for hosts that drop keys (an inter-character delay of a few scan codes at 7.5
 * or 15 ms) still stays near 30 ms a key. People do not: typing is 100 to 200 ms a key, and even the
 * fastest typists average over 40 ms a character on prose, slower on a string of digits.
 *
 * So a scan is: at least MIN_LENGTH printable characters, each key (Enter included) within MAX_GAP_MS
 * of the one before, averaging no more than MAX_MEAN_GAP_MS, ending in Enter. The single-gap limit is
 * looser than the average so that a busy machine (a garbage collection, two cores shared) pausing once
 * mid-scan does not turn a scan into typing; the average keeps a person's fast flurry out.
 */
export interface ScanTiming {
  minLength: number
  maxGapMs: number
  maxMeanGapMs: number
}

export const WEDGE_TIMING: ScanTiming = { minLength: 6, maxGapMs: 80, maxMeanGapMs: 35 }

export class ScanBurst {
  #chars: string[] = []
  #first = 0
  #last = 0

  constructor(private readonly timing: ScanTiming = WEDGE_TIMING) {}

  /**
   * A printable character at `at` ms. Answers whether it starts a new burst (the first key, or one after
   * a pause longer than a scanner makes), and whether the burst looks like a scanner so far (two keys or
   * more, as fast as a scanner's): the caller may keep such keys from acting as shortcuts.
   */
  char(key: string, at: number): { starts: boolean; scanLike: boolean } {
    const starts = this.#chars.length === 0 || at - this.#last > this.timing.maxGapMs
    if (starts) {
      this.#chars = []
      this.#first = at
    }
    this.#chars.push(key)
    this.#last = at
    return { starts, scanLike: this.#chars.length >= 2 && this.#meanGap(at) <= this.timing.maxMeanGapMs }
  }

  /** Whether a burst has begun (a character came and no Enter or other key ended it). */
  get started(): boolean {
    return this.#chars.length > 0
  }

  /** Enter at `at` ms: the scanned code if the burst was a scan, else null (typing). Either way the burst ends. */
  enter(at: number): string | null {
    const chars = this.#chars
    const scan = chars.length >= this.timing.minLength && at - this.#last <= this.timing.maxGapMs && this.#meanGap(at, 1) <= this.timing.maxMeanGapMs
    this.reset()
    return scan ? chars.join('') : null
  }

  /** Any other key (Tab, Backspace, an arrow, a shortcut with Control): whatever came before was typed. */
  reset(): void {
    this.#chars = []
  }

  /** The mean gap between the burst's keys, counting a key at `at` (`extra` keys beyond the characters: the Enter). */
  #meanGap(at: number, extra = 0): number {
    const gaps = this.#chars.length - 1 + extra
    return gaps > 0 ? (at - this.#first) / gaps : 0
  }
}
