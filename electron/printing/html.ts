import { escapeUTF8 } from 'entities'

/**
 * Safe filling of the print templates. Everything printed comes from the
 * vendor's API or the journal, and API text may hold `<`, `&` or quotes (the
 * reader has already unescaped the spec's HTML-escaped fields, so they are
 * plain text here): every value is escaped on its way into a document. The
 * only markup that goes in unescaped is markup this module built itself
 * (`SafeHtml`, made by the `html` tag, which escapes what it interpolates).
 */

/** Markup Foyer made itself; the one thing a template slot takes unescaped. */
export class SafeHtml {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup
  }
}

/** Text as HTML text or attribute value (quoted): the five characters that matter, escaped (by `entities`, as everywhere in Foyer). */
export const escapeHtml: (text: string) => string = escapeUTF8

export type HtmlValue = string | number | SafeHtml | null | undefined | readonly HtmlValue[]

function render(value: HtmlValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof SafeHtml) return value.markup
  if (Array.isArray(value)) return value.map(render).join('')
  return escapeHtml(String(value))
}

/** A tagged template: html`<td>${title}</td>` escapes `title` unless it is SafeHtml already. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0]!
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!
  })
  return new SafeHtml(out)
}

/** Trusted markup read from Foyer's own files (the print stylesheet), never from API text. */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup)
}

/**
 * Fills `{{slot}}` placeholders. Every slot must be given and every value is
 * escaped unless it is SafeHtml; a slot left unfilled or a value given for no
 * slot is a mistake in Foyer, not in the data, and throws.
 */
export function fillTemplate(template: string, slots: Record<string, HtmlValue>): string {
  const used = new Set<string>()
  const filled = template.replace(/\{\{\s*([a-zA-Z][\w-]*)\s*\}\}/g, (_, name: string) => {
    if (!(name in slots)) throw new Error(`print template slot {{${name}}} has no value`)
    used.add(name)
    return render(slots[name])
  })
  const unused = Object.keys(slots).filter((name) => !used.has(name))
  if (unused.length > 0) throw new Error(`print template has no slot for ${unused.join(', ')}`)
  return filled
}
