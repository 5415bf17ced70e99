import { HEARTBEAT_INTERVAL_MS, HUB_PATHS } from '../../hub/protocol'
import type { RecordEnvelope } from '../../hub/protocol'
import { heartbeatNow, postOn, saleRecord, type SimDevice } from './hub-devices'
import { failureCode, retryingLostConnections } from './hub-http'
import type { TileSeen } from './hub-stream'

/**
 * The load of `npm run bench:hub`: every device's heartbeat every 15 s, the devices' first beats
 * spread evenly over the first 15 s, and sale uploads at a steady rate, round the devices in turn
 * (one sale per upload, as a device uploads a sale just made). Open loop: each request goes at its
 * time whether or not earlier ones have been answered, so a slow hub shows in the figures rather
 * than slowing the load.
 */
export interface LoadResult {
  heartbeatMs: number[]
  /** performance.now() each measured heartbeat was sent at (beside heartbeatMs), to set a backup's window apart. */
  heartbeatAt: number[]
  uploadMs: number[]
  uploadAt: number[]
  /** From a sale's upload sent to its device's tile counting it on the event stream. */
  streamMs: number[]
  heartbeatsFailed: number
  uploadsSent: number
  uploadsFailed: number
  /** Why requests failed (status or error code), with how many. */
  failures: Map<string, number>
  /** Uploads that failed sent again after the run, as the device's outbox retries them, until stored. */
  retried: number
  /** Distinct hub record ids in the upload answers (a duplicate would repeat one). */
  hubRecordIds: Set<string>
  notSeenOnStream: number
  /** How late the generator sent requests behind their schedule (its own event loop's lag), ms. */
  sendLagMs: number[]
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

export class HubLoad {
  private readonly pending = new Map<string, { saleNumber: number; sentAt: number }[]>()
  private readonly inFlight = new Set<Promise<void>>()
  private readonly lastSaleAt = new Map<string, string>()
  private readonly outbox: { device: SimDevice; record: RecordEnvelope }[] = []
  readonly result: LoadResult = {
    heartbeatMs: [],
    heartbeatAt: [],
    uploadMs: [],
    uploadAt: [],
    streamMs: [],
    heartbeatsFailed: 0,
    uploadsSent: 0,
    uploadsFailed: 0,
    failures: new Map(),
    retried: 0,
    hubRecordIds: new Set(),
    notSeenOnStream: 0,
    sendLagMs: [],
  }

  constructor(
    private readonly hubUrl: string,
    private readonly devices: readonly SimDevice[],
  ) {}

  /** Each device tile the stream pushes: the device's sales it counts are on the dashboard now. */
  readonly onTile = (tile: TileSeen): void => {
    const waiting = this.pending.get(tile.deviceId)
    while (waiting?.[0] && waiting[0].saleNumber <= tile.salesToday) this.result.streamMs.push(tile.at - waiting.shift()!.sentAt)
  }

  /**
   * Every device's first heartbeat, unmeasured, `concurrency` at a time: a device's first beat opens
   * its connection and takes it from "never heard from" to online (an alert each), which happens once
   * when a device is set up, not every 15 s. The run measures the steady state after it.
   */
  async warmUp(concurrency: number): Promise<void> {
    const queue = [...this.devices]
    const worker = async () => {
      for (let device = queue.shift(); device; device = queue.shift()) {
        const answer = await retryingLostConnections(() => postOn(device.agent, this.hubUrl, HUB_PATHS.heartbeat, heartbeatNow(null), device.token))
        if (answer.status !== 200) throw new Error(`a first heartbeat answered ${answer.status}`)
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
  }

  async run(seconds: number, uploadsPerSecond: number): Promise<LoadResult> {
    const start = performance.now()
    const end = start + seconds * 1000
    const beatsPerSecond = (this.devices.length * 1000) / HEARTBEAT_INTERVAL_MS
    await Promise.all([
      this.schedule(start, end, beatsPerSecond, (device) => this.heartbeat(device)),
      this.schedule(start, end, uploadsPerSecond, (device) => this.upload(device)),
    ])
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight])
    await this.retryOutbox()
    // The last sales' tiles: a second or two at most; whatever is still missing after 10 s was never pushed.
    for (let waited = 0; waited < 10_000 && this.waitingOnStream() > 0; waited += 50) await sleep(50)
    this.result.notSeenOnStream = this.waitingOnStream()
    return this.result
  }

  private waitingOnStream(): number {
    return [...this.pending.values()].reduce((sum, list) => sum + list.length, 0)
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work)
    void work.finally(() => this.inFlight.delete(work))
  }

  /**
   * Requests evenly spaced, `perSecond`, round the devices in turn. Heartbeats are this too: device i
   * beating at i/n of 15 s and every 15 s after is one beat every 15 s / n, round the devices.
   */
  private async schedule(start: number, end: number, perSecond: number, send: (device: SimDevice) => Promise<void>): Promise<void> {
    for (let j = 0; ; j++) {
      const at = start + (j * 1000) / perSecond
      if (at >= end) return
      await sleep(at - performance.now())
      this.result.sendLagMs.push(performance.now() - at)
      this.track(send(this.devices[j % this.devices.length]!))
    }
  }

  private async heartbeat(device: SimDevice): Promise<void> {
    const sentAt = performance.now()
    try {
      const answer = await postOn(device.agent, this.hubUrl, HUB_PATHS.heartbeat, heartbeatNow(this.lastSaleAt.get(device.deviceId) ?? null), device.token)
      if (answer.status !== 200 || (answer.body as { status?: string }).status !== 'ok') throw new Error(`heartbeat answered ${answer.status}`)
      this.result.heartbeatMs.push(answer.ms)
      this.result.heartbeatAt.push(sentAt)
    } catch (error) {
      // Counted as failed; the device beats again at its next beat, 15 s on, as Foyer's heartbeat does.
      this.result.heartbeatsFailed++
      this.failed(error)
    }
  }

  private async upload(device: SimDevice): Promise<void> {
    const saleNumber = ++device.salesSent
    const record = saleRecord(device, saleNumber)
    this.result.uploadsSent++
    const waiting = this.pending.get(device.deviceId) ?? []
    this.pending.set(device.deviceId, waiting)
    const sentAt = performance.now()
    waiting.push({ saleNumber, sentAt })
    try {
      this.result.uploadMs.push(await this.send(device, record))
      this.result.uploadAt.push(sentAt)
    } catch (error) {
      // Into the device's outbox: sent again after the run until stored (retryOutbox).
      this.result.uploadsFailed++
      this.failed(error)
      this.outbox.push({ device, record })
    }
  }

  /** Uploads one record; throws unless the hub answers it stored. Gives the answer's time. */
  private async send(device: SimDevice, record: RecordEnvelope): Promise<number> {
    const answer = await postOn(device.agent, this.hubUrl, HUB_PATHS.records, { records: [record] }, device.token)
    const result = (answer.body as { results?: { outcome: string; hubRecordId?: string }[] }).results?.[0]
    if (answer.status !== 200 || result?.outcome !== 'stored') throw new Error(`HTTP ${answer.status} ${result?.outcome ?? ''}`.trim())
    this.result.hubRecordIds.add(result.hubRecordId!)
    this.lastSaleAt.set(device.deviceId, record.occurredAt)
    return answer.ms
  }

  private failed(error: unknown): void {
    const why = failureCode(error)
    this.result.failures.set(why, (this.result.failures.get(why) ?? 0) + 1)
  }

  /** The device's outbox: a failed upload is sent again, the same record, until the hub has it. */
  private async retryOutbox(): Promise<void> {
    for (let round = 0; this.outbox.length > 0 && round < 20; round++) {
      for (const { device, record } of this.outbox.splice(0)) {
        this.result.retried++
        await this.send(device, record).catch(() => this.outbox.push({ device, record }))
      }
    }
  }
}
