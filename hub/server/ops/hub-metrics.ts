import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Queryable } from '../../storage/database'
import { devicesByState, uploadsWaitingByDevice } from '../../storage/fleet-figures'
import type { DeviceState } from '../devices/device-state'
import type { DeviceRefusal } from '../plugins/device-auth'
import type { z } from 'zod'

/** Every state a device's tile can show: each is reported, 0 when no device is in it, so a query never finds it missing. */
const DEVICE_STATES = ['online', 'needs-attention', 'offline', 'revoked'] as const satisfies readonly DeviceState[]

/** What an upload can be refused with: a batch by its enrolled group's words (a revoked device's records are still taken), a record by `conflict`. */
const UPLOAD_REFUSALS = ['unknown-device', 'unreadable-request', 'conflict'] as const satisfies readonly (z.infer<typeof DeviceRefusal>['error'] | 'conflict')[]

/** What the figures read when Prometheus scrapes: the database, the open event streams, the last backup. */
export interface MetricSources {
  db: Queryable
  streamsOpen: () => number
  now: () => number
  /** When the last good backup was made (null: none yet); without it the backup's age is not reported. */
  lastBackupAt?: () => Promise<Date | null>
}

/**
 * One hub's figures in a registry of its own (several hubs run in one test process; prom-client's
 * global registry would mix them). Counters count what this process answered since it started, so
 * Prometheus's rate() gives per second; gauges are read from their sources at each scrape. Every label
 * is bounded: a device state, an answer word from the protocol, a device id (a venue's fleet).
 */
export class HubMetrics {
  readonly registry = new Registry()
  readonly heartbeats = new Counter({
    name: 'foyer_hub_heartbeats_total',
    help: "Devices' heartbeats answered by this process, by answer: ok, revoked, or the refusal's word",
    labelNames: ['answer'],
    registers: [this.registry],
  })
  readonly uploads = new Counter({ name: 'foyer_hub_uploads_total', help: 'Upload batches answered 200 by this process', registers: [this.registry] })
  readonly recordsStored = new Counter({
    name: 'foyer_hub_upload_records_total',
    help: 'Journal records the hub answered stored (a repeat is answered as the first was)',
    registers: [this.registry],
  })
  readonly uploadRefusals = new Counter({
    name: 'foyer_hub_upload_refusals_total',
    help: "Uploads refused, by the protocol's word: a batch (unknown-device, unreadable-request, or http-<status> for one Fastify refused), or a record (conflict)",
    labelNames: ['reason'],
    registers: [this.registry],
  })
  readonly queryTime = new Histogram({
    name: 'foyer_hub_db_query_seconds',
    help: "Time each of the hub's database statements took, answered or failed",
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  })
  private sources: MetricSources | undefined

  constructor() {
    collectDefaultMetrics({ register: this.registry })
    for (const answer of ['ok', 'revoked', 'unknown-device', 'unreadable-request']) this.heartbeats.inc({ answer }, 0)
    for (const reason of UPLOAD_REFUSALS) this.uploadRefusals.inc({ reason }, 0)
    const sources = () => this.sources
    this.deviceGauges(sources)
    new Gauge({
      name: 'foyer_hub_event_streams',
      help: "Dashboards' event streams open on this process",
      registers: [this.registry],
      collect() {
        const open = sources()?.streamsOpen()
        if (open === undefined) this.remove()
        else this.set(open)
      },
    })
  }

  /** Gives the scrape-time gauges what they read, once the hub's parts exist. */
  watch(sources: MetricSources): void {
    this.sources = sources
    if (sources.lastBackupAt) this.backupAge(sources.lastBackupAt)
  }

  /** Read from the database at each scrape; absent (not zero) when it does not answer: /healthz says why. */
  private deviceGauges(sources: () => MetricSources | undefined) {
    new Gauge({
      name: 'foyer_hub_devices',
      help: 'Devices by the state the dashboard shows them in',
      labelNames: ['state'],
      registers: [this.registry],
      async collect() {
        this.reset()
        const db = sources()?.db
        const counts = db && (await devicesByState(db).catch(() => undefined))
        if (counts) for (const state of DEVICE_STATES) this.set({ state }, counts.get(state) ?? 0)
      },
    })
    new Gauge({
      name: 'foyer_hub_device_uploads_waiting',
      help: "Journal records each device in service has not had answered yet, as its last heartbeat said",
      labelNames: ['device'],
      registers: [this.registry],
      async collect() {
        this.reset()
        const db = sources()?.db
        const waiting = db && (await uploadsWaitingByDevice(db).catch(() => undefined))
        for (const device of waiting ?? []) this.set({ device: device.id }, device.uploadsWaiting)
      },
    })
  }

  private backupAge(lastBackupAt: () => Promise<Date | null>) {
    const now = () => this.sources?.now() ?? Date.now()
    new Gauge({
      name: 'foyer_hub_last_backup_age_seconds',
      help: 'Seconds since the last good backup; absent while there has been none',
      registers: [this.registry],
      async collect() {
        const at = await lastBackupAt().catch(() => null)
        if (at) this.set(Math.max(0, (now() - at.getTime()) / 1000))
        else this.remove()
      },
    })
  }
}
