import { isIP } from 'node:net'
import { z } from 'zod'

/** The port OpenTelemetry's Prometheus exporter takes by default: a monitoring port, not one a venue's other services use. */
export const OPS_PORT = 9464

/**
 * Where the hub answers `GET /healthz` and `GET /metrics` for the venue's monitoring: a plain HTTP
 * listener of its own, apart from the devices' HTTPS. Plain, because a scraper on the same machine
 * (the default: loopback) has nothing to protect on the wire, and Prometheus would otherwise have to
 * be given the hub's own certificate; the figures carry device ids and counts, never a token,
 * patron or amount. On the venue network only when the venue says so twice: an address and `onNetwork`.
 */
export interface HubOpsOptions {
  /** 127.0.0.1 without it. */
  host?: string
  /** OPS_PORT without it; 0 picks a free port (tests). */
  port?: number
  /** Must be set to listen on an address other than loopback (0.0.0.0, the venue LAN's). */
  onNetwork?: boolean
}

/** 127.0.0.0/8, ::1 and localhost: an address only this machine reaches. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  if (bare === 'localhost' || bare === '::1') return true
  const v4 = bare.startsWith('::ffff:') ? bare.slice(7) : bare
  return isIP(v4) === 4 && v4.startsWith('127.')
}

/** Refused at start, in words, rather than serving the fleet's figures to the venue network by a slip. */
export function checkOpsAddress(options: HubOpsOptions): void {
  const host = options.host ?? '127.0.0.1'
  if (!isLoopback(host) && options.onNetwork !== true) {
    throw new Error(
      `The hub's health and metrics listener would be on ${host}, beyond this machine: set FOYER_HUB_METRICS_ON_NETWORK=yes ` +
        '(option metrics.onNetwork) to serve them there, or leave FOYER_HUB_METRICS_HOST at 127.0.0.1.',
    )
  }
}

const Switch = z.enum(['on', 'off', 'yes', 'no', 'true', 'false', '1', '0'])
const isOn = (value: z.infer<typeof Switch>) => ['on', 'yes', 'true', '1'].includes(value)
const OpsEnv = z.object({
  FOYER_HUB_METRICS: Switch.optional(),
  FOYER_HUB_METRICS_HOST: z.string().min(1).optional(),
  FOYER_HUB_METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  FOYER_HUB_METRICS_ON_NETWORK: Switch.optional(),
})

/**
 * The listener as the environment sets it, for `foyer-hub serve`: on at 127.0.0.1:9464 unless
 * FOYER_HUB_METRICS=off; FOYER_HUB_METRICS_HOST, FOYER_HUB_METRICS_PORT, FOYER_HUB_METRICS_ON_NETWORK=yes.
 * Empty variables count as unset (an environment file's `FOO=`).
 * @returns false when switched off (startHub's `metrics: false`).
 */
export function opsOptionsFromEnv(env: Record<string, string | undefined>): HubOpsOptions | false {
  const set = Object.fromEntries(Object.entries(env).filter(([name, value]) => name.startsWith('FOYER_HUB_METRICS') && value !== ''))
  const parsed = OpsEnv.safeParse(set)
  if (!parsed.success) throw new Error(`FOYER_HUB_METRICS settings unreadable: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  const settings = parsed.data
  if (settings.FOYER_HUB_METRICS && !isOn(settings.FOYER_HUB_METRICS)) return false
  return {
    host: settings.FOYER_HUB_METRICS_HOST ?? '127.0.0.1',
    port: settings.FOYER_HUB_METRICS_PORT ?? OPS_PORT,
    onNetwork: settings.FOYER_HUB_METRICS_ON_NETWORK ? isOn(settings.FOYER_HUB_METRICS_ON_NETWORK) : false,
  }
}
