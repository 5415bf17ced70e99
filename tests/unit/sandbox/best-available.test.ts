import { describe, expect, it } from 'vitest'
import { chooseBestAvailable, type RowRange } from '../../../electron/sandbox/model/best-available'

/** Builds rows from strings: '.' free, 'x' taken. Row 0 is the best row. */
function hall(...rows: string[]) {
  const ranges: RowRange[] = []
  const free: boolean[] = []
  for (const row of rows) {
    ranges.push({ start: free.length, end: free.length + row.length })
    for (const c of row) free.push(c === '.')
  }
  return { rows: ranges, available: (o: number) => free[o] === true }
}

describe('best-available ranking', () => {
  it('takes contiguous seats in the best row, as near its centre as possible', () => {
    const { rows, available } = hall('.........', '.........')
    expect(chooseBestAvailable(rows, available, 3, 1)).toEqual([{ ordinals: [3, 4, 5], split: false }])
  })

  it('offers two disjoint sets for Best Available, the second chosen with the first taken', () => {
    const { rows, available } = hall('xxx....xx', '.........')
    const sets = chooseBestAvailable(rows, available, 2, 2)
    expect(sets).toHaveLength(2)
    // 4-5 would be nearer the centre but strand seat 3; 3-4 then 5-6 leave no orphan.
    expect(sets).toEqual([
      { ordinals: [3, 4], split: false },
      { ordinals: [5, 6], split: false },
    ])
  })

  it('avoids leaving a single orphan seat when another block in the row does not', () => {
    // Taking seats 1-2 (nearest the centre of a 5-seat gap) would strand seat 0... check it picks a clean block.
    const { rows, available } = hall('...x.....')
    const [set] = chooseBestAvailable(rows, available, 2, 1)
    const left = new Set(set!.ordinals)
    // No free seat may be left alone between taken seats/ends in that row.
    const freeAfter = [...Array(9).keys()].filter((o) => available(o) && !left.has(o))
    const orphans = freeAfter.filter((o) => !freeAfter.includes(o - 1) && !freeAfter.includes(o + 1))
    expect(orphans).toEqual([])
  })

  it('prefers a worse row to leaving an orphan only within the documented penalty', () => {
    // Row 0 can only seat 2 by leaving an orphan ('x...x' → one seat left); row 1 is clean.
    const { rows, available } = hall('x...x', '.....')
    const [set] = chooseBestAvailable(rows, available, 2, 1)
    expect(set!.ordinals.every((o) => o >= 5)).toBe(true)
  })

  it('splits a set when no row has enough contiguous seats, and says so', () => {
    const { rows, available } = hall('.x.x.', 'x.x.x')
    const [set] = chooseBestAvailable(rows, available, 3, 1)
    expect(set).toEqual({ ordinals: [0, 2, 4], split: true })
  })

  it('gives one set when only one fits, and none when not even one does', () => {
    const { rows, available } = hall('...xx')
    expect(chooseBestAvailable(rows, available, 2, 2)).toHaveLength(1)
    expect(chooseBestAvailable(rows, available, 4, 2)).toEqual([])
  })
})
