import type { FastifyInstance } from 'fastify'
import type { HubDatabase } from '../../storage/database'
import { timedDatabase } from '../../storage/timed-database'
import { deviceTraffic } from './device-traffic'
import { HubMetrics, type MetricSources } from './hub-metrics'
import { openOpsListener, type OpsListener } from './ops-listener'
import { checkOpsAddress, type HubOpsOptions } from './ops-settings'

/**
 * What the venue's monitoring sees of one hub, in the order the hub starts: made first (an address
 * beyond loopback not allowed is refused before anything opens), then its database timed, the device
 * routes counted, and its listener opened once the hub's parts exist.
 */
export class HubOps {
  readonly metrics = new HubMetrics()

  constructor(private readonly options: HubOpsOptions) {
    checkOpsAddress(options)
  }

  /** The database every part of the hub is given: each statement's time goes to the histogram. */
  timed(db: HubDatabase): HubDatabase {
    return timedDatabase(db, (seconds) => this.metrics.queryTime.observe(seconds))
  }

  /** Counts the devices' heartbeats and uploads: called on the devices' server before its routes are registered. */
  async countDeviceTraffic(app: FastifyInstance): Promise<void> {
    await app.register(deviceTraffic, { metrics: this.metrics })
  }

  async open(sources: MetricSources): Promise<OpsListener> {
    this.metrics.watch(sources)
    return openOpsListener(this.options, this.metrics, sources.db)
  }
}
