interface Waiting<T, R> {
  item: T
  settle: (result: R | PromiseLike<R>) => void
  fail: (error: unknown) => void
}

/**
 * Writes many devices' requests a statement a batch: those that come while a statement is writing are
 * written together by the next one, each answered with its own result. A thousand devices beat 67
 * times a second and upload 50 sales; on PGlite one thread runs every statement in turn, and planning
 * a statement costs more than the rows it writes, so when requests come faster than a statement each
 * can keep up, a statement a batch is what lets the hub catch up. One device's second request waits
 * for the next batch: a statement never holds two of a device's, as one at a time never did.
 */
export class BatchedWrites<T, R> {
  private queue: Waiting<T, R>[] = []
  private writing = 0

  /**
   * @param write the batch's results, in the batch's order; a result may be a promise of its own (a
   *   batch that failed written again one by one: each request then fails by itself, or not at all).
   * @param deviceOf which device a request is: one of each device's a batch.
   * @param parallel statements at once: 1 on PGlite (one connection), a few on a PostgreSQL server's pool.
   */
  constructor(
    private readonly write: (batch: T[]) => Promise<(R | PromiseLike<R>)[]>,
    private readonly deviceOf: (item: T) => string,
    private readonly parallel: number,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise((settle, fail) => {
      this.queue.push({ item, settle, fail })
      if (this.writing < this.parallel) void this.drain()
    })
  }

  private async drain(): Promise<void> {
    this.writing++
    try {
      for (let batch = this.nextBatch(); batch.length > 0; batch = this.nextBatch()) {
        try {
          const results = await this.write(batch.map((w) => w.item))
          batch.forEach((w, i) => w.settle(results[i]!))
        } catch (error) {
          for (const w of batch) w.fail(error)
        }
      }
    } finally {
      this.writing--
    }
  }

  /** The waiting requests, in order, each device's once: a second from one device waits for the next batch. */
  private nextBatch(): Waiting<T, R>[] {
    const devices = new Set<string>()
    const batch: Waiting<T, R>[] = []
    const later: Waiting<T, R>[] = []
    for (const waiting of this.queue) {
      const device = this.deviceOf(waiting.item)
      if (devices.has(device)) later.push(waiting)
      else {
        batch.push(waiting)
        devices.add(device)
      }
    }
    this.queue = later
    return batch
  }
}
