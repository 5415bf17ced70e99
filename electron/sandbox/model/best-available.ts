/**
 * The sandbox's documented best-available ranking (docs/sandbox-api.md):
 *
 * 1. Contiguous seats in one row first. Rows are ranked best first (closest to
 *    the stage or pitch); within a row, blocks nearer the row's centre win.
 * 2. A block that would leave a single orphan seat (one free seat boxed in by
 *    taken seats or the row's end) is penalised by more than a row's worth of
 *    rank, so it is chosen only where every alternative is much worse.
 * 3. When no row has enough contiguous seats, the set is split: the best
 *    individual seats by row rank, then by distance from the row's centre.
 *
 * Best Available asks for two disjoint sets, Hot Show for one. The second set
 * is chosen with the first already taken.
 */

export interface RowRange {
  /** First seat ordinal of the row, inclusive. */
  start: number
  /** Last seat ordinal of the row, exclusive. */
  end: number
}

export interface SeatSet {
  ordinals: number[]
  /** True when the seats are not one contiguous block in one row. */
  split: boolean
}

const ROW_WEIGHT = 1000
const CENTRE_WEIGHT = 2
const ORPHAN_PENALTY = 1500

/**
 * Chooses up to `sets` disjoint sets of `quantity` seats among those for which
 * `available(ordinal)` is true. Returns fewer sets when the seats run out, and
 * none when not even one set can be formed.
 */
export function chooseBestAvailable(
  rows: readonly RowRange[],
  available: (ordinal: number) => boolean,
  quantity: number,
  sets: number,
): SeatSet[] {
  const taken = new Set<number>()
  const free = (ordinal: number) => !taken.has(ordinal) && available(ordinal)
  const chosen: SeatSet[] = []
  for (let n = 0; n < sets; n++) {
    const block = bestBlock(rows, free, quantity)
    const set = block ? { ordinals: block, split: false } : splitSet(rows, free, quantity)
    if (!set) break
    for (const ordinal of set.ordinals) taken.add(ordinal)
    chosen.push(set)
  }
  return chosen
}

/** Would taking [first, last] leave `edge` as a lone free seat? */
function leavesOrphan(row: RowRange, free: (o: number) => boolean, edge: number, beyond: number): boolean {
  if (edge < row.start || edge >= row.end || !free(edge)) return false
  return beyond < row.start || beyond >= row.end || !free(beyond)
}

function bestBlock(rows: readonly RowRange[], free: (o: number) => boolean, quantity: number): number[] | null {
  let bestScore = Infinity
  let bestStart = -1
  for (let r = 0; r < rows.length; r++) {
    // No block in this or a later row can beat what we have.
    if (r * ROW_WEIGHT >= bestScore) break
    const row = rows[r]!
    const centre = (row.start + row.end - 1) / 2
    let run = 0
    for (let o = row.start; o < row.end; o++) {
      run = free(o) ? run + 1 : 0
      if (run < quantity) continue
      const first = o - quantity + 1
      const orphans =
        Number(leavesOrphan(row, free, first - 1, first - 2)) + Number(leavesOrphan(row, free, o + 1, o + 2))
      const score =
        r * ROW_WEIGHT + Math.abs((first + o) / 2 - centre) * CENTRE_WEIGHT + orphans * ORPHAN_PENALTY
      if (score < bestScore) {
        bestScore = score
        bestStart = first
      }
    }
  }
  return bestStart < 0 ? null : Array.from({ length: quantity }, (_, i) => bestStart + i)
}

function splitSet(rows: readonly RowRange[], free: (o: number) => boolean, quantity: number): SeatSet | null {
  const candidates: { ordinal: number; score: number }[] = []
  rows.forEach((row, r) => {
    const centre = (row.start + row.end - 1) / 2
    for (let o = row.start; o < row.end; o++) {
      if (free(o)) candidates.push({ ordinal: o, score: r * ROW_WEIGHT + Math.abs(o - centre) * CENTRE_WEIGHT })
    }
  })
  if (candidates.length < quantity) return null
  candidates.sort((a, b) => a.score - b.score)
  const ordinals = candidates
    .slice(0, quantity)
    .map((c) => c.ordinal)
    .sort((a, b) => a - b)
  return { ordinals, split: true }
}
