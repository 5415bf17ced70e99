import { z } from 'zod'
import type { DashboardEvent } from '../../protocol'
import type { HubDatabase } from '../../storage/database'
import { CoalescedReads } from './coalesced-reads'
import { dashboardAlertById, dashboardDevices } from '../devices/device-views'
import { todayAnswer } from '../day/today-views'
import { supportFileViewById } from '../devices/support-file-views'
import { rolloutsAnswer } from '../rollouts/rollout-views'

/** The one channel every hub process on the database listens on for the dashboard. */
const CHANNEL = 'foyer_hub_dashboard'

/**
 * What is notified: only which device or alert changed (a NOTIFY carries at most 8000 bytes), so each
 * hub process reads it fresh from the database, on its own clock, when a dashboard is connected to it.
 */
const Changed = z.union([z.object({ type: z.enum(['device', 'alert', 'support-file']), id: z.string().max(40) }), z.object({ type: z.literal('today') }), z.object({ type: z.literal('rollouts') })])
export type Changed = z.infer<typeof Changed>
/** Made once: a schema made for each notice (one a heartbeat and an upload) cost the hub's thread more than its parse. */
const DeviceId = z.uuid()

export type Subscriber = (event: DashboardEvent) => void

/**
 * Today is summed over every record of the day (six queries): at 50 uploads a second, read once per
 * upload it cost the hub more than the uploads. Read at most this often, always after the last change.
 */
export const TODAY_READ_GAP_MS = 1_000
/**
 * A thousand devices' heartbeats and uploads change a hundred tiles a second: read as they came, one read a change
 * or two, they were the hub's most frequent statement (a sixth of all in bench:hub), each a round trip the
 * heartbeats' and uploads' own statements waited behind. Read at most this often, the devices changed meanwhile
 * together: a tile is at most a quarter of a second later on a manager's screen.
 */
export const TILES_READ_GAP_MS = 250

/**
 * Live updates across every hub process on one database: a change is NOTIFYed once committed; every process
 * LISTENs and pushes the device's tile or the alert to the dashboards connected to it. Tiles and
 * today are read coalesced: the devices that changed during one read are read together by the next.
 */
export class LiveUpdates {
  private readonly subscribers = new Set<Subscriber>()
  private stopListening: (() => Promise<void>) | undefined
  private readonly tiles = new CoalescedReads<string>((ids) => this.pushTiles(ids), TILES_READ_GAP_MS)
  private readonly today = new CoalescedReads<'today'>(() => this.pushToday(), TODAY_READ_GAP_MS)
  private readonly rollouts = new CoalescedReads<'rollouts'>(() => this.pushRollouts())

  constructor(
    private readonly db: HubDatabase,
    private readonly now: () => number,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.db.listen(CHANNEL, (payload) => void this.heard(payload))
  }

  async stop(): Promise<void> {
    this.subscribers.clear()
    await this.stopListening?.()
    await Promise.all([this.tiles.settled(), this.today.settled(), this.rollouts.settled()])
  }

  /** Tells every hub process (this one too) that devices, alerts or today's sales changed: one statement for them all. */
  async changed(...changes: [Changed, ...Changed[]]): Promise<void> {
    await this.db.notify(CHANNEL, ...changes.map((change) => JSON.stringify(change)))
  }

  /** Event streams open on this process (each dashboard has one). */
  get streamsOpen(): number {
    return this.subscribers.size
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber)
    return () => this.subscribers.delete(subscriber)
  }

  // A payload this hub cannot read (another version's) or a database gone for a moment: the
  // dashboard is told at the next change, and reads everything again when its stream reconnects.
  private async heard(payload: string): Promise<void> {
    if (this.subscribers.size === 0) return
    let change: Changed
    try {
      change = Changed.parse(JSON.parse(payload))
    } catch {
      return
    }
    if (change.type === 'today') this.today.ask('today')
    else if (change.type === 'rollouts') this.rollouts.ask('rollouts')
    else if (change.type === 'device') {
      if (DeviceId.safeParse(change.id).success) this.tiles.ask(change.id)
    } else if (change.type === 'support-file') {
      const supportFile = await supportFileViewById(this.db, change.id).catch(() => undefined)
      if (supportFile) this.push({ type: 'support-file', supportFile })
    } else {
      const alert = await dashboardAlertById(this.db, change.id).catch(() => undefined)
      if (alert) this.push({ type: 'alert', alert })
    }
  }

  private push(event: DashboardEvent): void {
    for (const subscriber of this.subscribers) subscriber(event)
  }

  private async pushTiles(ids: string[]): Promise<void> {
    if (this.subscribers.size === 0) return
    for (const device of await dashboardDevices(this.db, this.now(), ids)) this.push({ type: 'device', device })
  }

  private async pushRollouts(): Promise<void> {
    if (this.subscribers.size === 0) return
    this.push({ type: 'rollouts', rollouts: await rolloutsAnswer(this.db) })
  }

  private async pushToday(): Promise<void> {
    if (this.subscribers.size === 0) return
    this.push({ type: 'today', today: await todayAnswer(this.db, this.now()) })
  }
}
