import { escapeUTF8 as escapeHtml } from 'entities'
import { monetary, type Cents } from '../format/money'

/**
 * Where the spec documents two shapes for one thing, the sandbox answers in
 * the shape responses show, and under `--quirks` in the other documented one
 * (or as the vendor notes record the real service), so the client is tested
 * against both.
 */
export class Shapes {
  constructor(readonly quirks: boolean) {}

  money(cents: Cents) {
    return monetary(cents, this.quirks)
  }

  /** Bare list in responses; the field list's wrapper object under quirks. */
  list<T>(wrapper: string, items: T[]): T[] | Record<string, T[]> {
    return this.quirks ? { [wrapper]: items } : items
  }

  /** `SeatLevel` in responses, `seatLevel` in the field list. */
  get seatLevelKey(): string {
    return this.quirks ? 'seatLevel' : 'SeatLevel'
  }

  /** `passwordRequired` in responses, `passwordRequire` in the field list. */
  get passwordKey(): string {
    return this.quirks ? 'passwordRequire' : 'passwordRequired'
  }

  /** `sponsoredImagePath` in responses, `sponsoredImage` in the field list. */
  get sponsoredImageKey(): string {
    return this.quirks ? 'sponsoredImage' : 'sponsoredImagePath'
  }

  /** seatAngle: "carried as a string in responses", a number per the field list. */
  seatAngle(angle: number): string | number {
    return this.quirks ? angle : String(angle)
  }

  /** Release status: 0 (number) on success and "1" (string) on failure; the reverse types under quirks. */
  releaseStatus(ok: boolean): string | number {
    if (ok) return this.quirks ? '0' : 0
    return this.quirks ? 1 : '1'
  }

  /** Image paths are relative to the image host; under quirks they start with a slash. */
  imagePath(path: string): string {
    return this.quirks ? `/${path}` : path
  }

  /**
   * HTML-escapes one of the fields the spec marks as escaped. The service writes
   * the apostrophe in HTML 4's numeric form (&#39;), not &apos;, so the sandbox does.
   */
  escaped(text: string): string
  escaped(text: string | null): string | null
  escaped(text: string | null): string | null {
    return text === null ? null : escapeHtml(text).replaceAll('&apos;', '&#39;')
  }
}
