import { z } from 'zod'
import type { DashboardEvent } from '../protocol'
import { notify, type HubDatabase, type Queryable } from '../storage/database'
import { dashboardAlertById, dashboardDevices } from './dashboard-views'
import { todayAnswer } from './today-views'

/** The one channel every hub process on the database listens on for the dashboard. */
const CHANNEL = 'foyer_hub_dashboard'

/**
 * What is notified: only which device or alert changed (a NOTIFY carries at most 8000 bytes), so each
 * hub process reads it fresh from the database, on its own clock, when a dashboard is connected to it.
 */
const Changed = z.union([z.object({ type: z.enum(['device', 'alert']), id: z.string().max(40) }), z.object({ type: z.literal('today') })])
export type Changed = z.infer<typeof Changed>

export type Subscriber = (event: DashboardEvent) => void

/**
 * Live updates across every hub process on one database: a change is NOTIFYed (inside the
 * transaction that makes it, when there is one, so it is heard only once committed); every process
 * LISTENs and pushes the device's tile or the alert to the dashboards connected to it.
 */
export class LiveUpdates {
  private readonly subscribers = new Set<Subscriber>()
  private stopListening: (() => Promise<void>) | undefined

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
  }

  /** Tells every hub process (this one too) that a device, an alert or today's sales changed. */
  async changed(change: Changed, q: Queryable = this.db): Promise<void> {
    await notify(q, CHANNEL, JSON.stringify(change))
  }

  /** Event streams open on this process (each dashboard has one). */
  get streamsOpen(): number {
    return this.subscribers.size
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber)
    return () => this.subscribers.delete(subscriber)
  }

  private async heard(payload: string): Promise<void> {
    if (this.subscribers.size === 0) return
    try {
      const change = Changed.parse(JSON.parse(payload))
      const event = await this.eventFor(change)
      if (event) for (const subscriber of this.subscribers) subscriber(event)
    } catch {
      // A payload this hub cannot read (another version's) or a database gone for a moment: the
      // dashboard is told at the next change, and reads everything again when its stream reconnects.
    }
  }

  private async eventFor(change: Changed): Promise<DashboardEvent | undefined> {
    if (change.type === 'today') return { type: 'today', today: await todayAnswer(this.db, this.now()) }
    if (change.type === 'device') {
      const [device] = z.uuid().safeParse(change.id).success ? await dashboardDevices(this.db, this.now(), change.id) : []
      return device && { type: 'device', device }
    }
    const alert = await dashboardAlertById(this.db, change.id)
    return alert && { type: 'alert', alert }
  }
}
