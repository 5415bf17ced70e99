/**
 * The event search's wildcard match: `*` any run of characters (none too), `?`
 * exactly one, every other character itself, case-insensitive, anywhere in the
 * text. A translated regex (`.*` for `*`) backtracks: `?*?*?*?*!!!` against a
 * synopsis took over two minutes. This greedy two-pointer match goes back only
 * to the last `*`, so it costs at most pattern × text steps.
 *
 * Characters are code points (a `?` takes one CJK character or emoji whole),
 * compared after toLowerCase.
 */
export type WildcardMatcher = (text: string) => boolean

export function wildcardMatcher(criterion: string): WildcardMatcher {
  // Unanchored: a match anywhere is the whole text matching `*criterion*`.
  const pattern = collapseStars(['*', ...Array.from(criterion.toLowerCase()), '*'])
  return (text) => globMatch(pattern, Array.from(text.toLowerCase()))
}

/** `**` means the same as `*`; one keeps the pattern short. */
function collapseStars(pattern: string[]): string[] {
  return pattern.filter((c, i) => c !== '*' || pattern[i - 1] !== '*')
}

function globMatch(pattern: readonly string[], text: readonly string[]): boolean {
  let p = 0
  let t = 0
  // Where the last `*` was, and the text position it has been stretched to.
  let star = -1
  let resume = 0
  while (t < text.length) {
    const c = pattern[p]
    if (c === '*') {
      star = p++
      resume = t
    } else if (c !== undefined && (c === '?' || c === text[t])) {
      p++
      t++
    } else if (star >= 0) {
      // Let the last `*` take one more character and try the rest again from there.
      p = star + 1
      t = ++resume
    } else {
      return false
    }
  }
  while (pattern[p] === '*') p++
  return p === pattern.length
}
