/**
 * A V8 heap snapshot's bytes split in two: the compiled code (the snapshot's `code` nodes: bytecode,
 * optimised machine code, feedback vectors, scope infos…) and everything else (the page's objects,
 * strings, arrays, closures, DOM wrappers). bench:kiosk-day prints both, because V8 keeps compiling
 * for a long time: it optimises a function once it has run often enough, and the paths a kiosk takes
 * rarely (a customer walking away, the idle warning, a section sold out) reach that count only after
 * hundreds of customers. That code is as large as the program, not as the day, so it levels off; the
 * rest is what would grow with every customer if something were kept.
 *
 * Run on its own over a folder of snapshots (BENCH_SNAPSHOTS's): `node --import tsx
 * scripts/bench/heap-split.ts <folder>` prints each one's split, in the order of the purchases in
 * their names.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface HeapSplit {
  /** Every node's own size, in MB. */
  totalMb: number
  /** Compiled code, in MB. */
  codeMb: number
  /** The rest: the page's objects. */
  objectsMb: number
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } }
  nodes: number[]
}

const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 100) / 100

/** The split of one snapshot, as HeapProfiler.takeHeapSnapshot writes it. */
export function heapSplit(snapshotJson: string): HeapSplit {
  const { snapshot, nodes } = JSON.parse(snapshotJson) as Snapshot
  const fields = snapshot.meta.node_fields
  const width = fields.length
  const typeAt = fields.indexOf('type')
  const sizeAt = fields.indexOf('self_size')
  const code = snapshot.meta.node_types[0].indexOf('code')
  let total = 0
  let codeBytes = 0
  for (let i = 0; i < nodes.length; i += width) {
    const size = nodes[i + sizeAt]!
    total += size
    if (nodes[i + typeAt] === code) codeBytes += size
  }
  return { totalMb: mb(total), codeMb: mb(codeBytes), objectsMb: mb(total - codeBytes) }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.argv[2]
  if (!folder) throw new Error('usage: heap-split.ts <folder of kiosk-day-N.heapsnapshot>')
  const purchasesOf = (name: string) => Number(/-(\d+)\.heapsnapshot$/.exec(name)?.[1] ?? NaN)
  const files = readdirSync(folder).filter((name) => name.endsWith('.heapsnapshot')).sort((a, b) => purchasesOf(a) - purchasesOf(b))
  for (const name of files) console.log(name, JSON.stringify(heapSplit(readFileSync(join(folder, name), 'utf8'))))
}
