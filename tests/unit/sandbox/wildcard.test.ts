import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { wildcardMatcher } from '../../../electron/sandbox/http/wildcard'

/**
 * Pins the event search's wildcard semantics (docs/sandbox-api.md, operation 1):
 * `*` any run, `?` one character, case-insensitive, anywhere in the text, and
 * that a pattern built to make a regex backtrack costs no more than any other.
 */
const matches = (criterion: string, text: string) => wildcardMatcher(criterion)(text)

describe('the wildcard match', () => {
  it.each([
    ['hamlet', 'Hamlet, Prince of Denmark', true],
    ['HAML', 'a hamlet', true],
    ['h?mlet', 'Hamlet', true],
    ['h?mlet', 'Hmlet', false],
    ['ha??mlet', 'Hamlet', false],
    ['nova*odyssey', 'Nova 9: An Odyssey', true],
    ['nova*odyssey', 'Odyssey of Nova', false],
    ['*', '', true],
    ['???', 'ab', false],
    ['???', 'abc', true],
    ['a*b*c', 'axxbyyc', true],
    ['a*b*c', 'axxcyyb', false],
    ['**x**', 'box office', true],
    ['.+(', 'a .+( b', true],
    ['.+(', 'aaa', false],
    ['[a]', 'a', false],
    ['\\d', '\\d', true],
  ] as const)('%j in %j: %s', (criterion, text, expected) => {
    expect(matches(criterion, text)).toBe(expected)
  })

  it('takes one whole character for ?, a CJK character or an emoji alike', () => {
    expect(matches('哈?雷', '哈姆雷特')).toBe(true)
    expect(matches('a?b', 'a🎭b')).toBe(true)
    expect(matches('a??b', 'a🎭b')).toBe(false)
  })

  it('lets * and ? span a line break', () => {
    expect(matches('first*second', 'first line\nsecond line')).toBe(true)
    expect(matches('end?start', 'end\nstart')).toBe(true)
  })

  it('agrees with the wildcard regex it replaced, on single-line texts', () => {
    // The old translation, on inputs too small for its backtracking to matter.
    const oracle = (criterion: string) => new RegExp(criterion.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.'), 'i')
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'A', 'B', '!', ' '), maxLength: 14 })
    const criterion = fc.string({ unit: fc.constantFrom('a', 'b', 'B', '!', '*', '?'), maxLength: 8 })
    fc.assert(
      fc.property(criterion, text, (c, t) => matches(c, t) === oracle(c).test(t)),
      { numRuns: 3000, seed: 12 },
    )
  })

  it('answers the backtracking attack ?*?*?*?*!!! on a long text at once, both ways', () => {
    // The regex this replaced ran for minutes on a synopsis; here it is a few thousand steps.
    const synopsis = 'An evening of chamber music by candlelight, with a string quartet. '.repeat(60)
    expect(matches('?*?*?*?*!!!', synopsis)).toBe(false)
    expect(matches('?*?*?*?*!!!', `${synopsis}!!!`)).toBe(true)
    expect(matches('*a*a*a*a*a*a*a*a*b', 'a'.repeat(5000))).toBe(false)
  })
})
