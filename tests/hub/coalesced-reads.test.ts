import { describe, expect, it } from 'vitest'
import { CoalescedReads } from '../../hub/server/live/coalesced-reads'

/** A read that finishes when the test says: what each read was asked for, in order. */
function heldReads() {
  const asked: string[][] = []
  const finish: (() => void)[] = []
  const read = (keys: string[]) => {
    asked.push(keys)
    return new Promise<void>((resolve) => finish.push(resolve))
  }
  return { asked, read, finishNext: () => finish.shift()!() }
}

describe("the live updates' coalesced reads", () => {
  it('reads at once, then everything asked during a read together in the next, each key once, and drops nothing', async () => {
    const held = heldReads()
    const reads = new CoalescedReads(held.read)
    reads.ask('kiosk-1')
    reads.ask('kiosk-2')
    reads.ask('kiosk-3')
    reads.ask('kiosk-2')
    expect(held.asked).toEqual([['kiosk-1']])
    held.finishNext()
    await expect.poll(() => held.asked.length).toBe(2)
    expect(held.asked[1]).toEqual(['kiosk-2', 'kiosk-3'])
    reads.ask('kiosk-1')
    held.finishNext()
    await expect.poll(() => held.asked.length).toBe(3)
    expect(held.asked[2]).toEqual(['kiosk-1'])
    held.finishNext()
    await reads.settled()
    expect(held.asked).toHaveLength(3)
  })

  it('goes on after a read that failed: the next change is read', async () => {
    let fail = true
    const asked: string[][] = []
    const reads = new CoalescedReads(async (keys: string[]) => {
      asked.push(keys)
      if (fail) throw new Error('the database went away for a moment')
    })
    reads.ask('today')
    await reads.settled()
    fail = false
    reads.ask('today')
    await reads.settled()
    expect(asked).toEqual([['today'], ['today']])
  })
})
