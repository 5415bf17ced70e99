import { z } from 'zod'
import { DashboardDevice, DashboardEvent } from '../../protocol/dashboard'
import { DrawerState } from '../../protocol/heartbeat'

/**
 * A counter's cash drawer on its tile (issue #34), as the hub reckons it (hub/server/device-drawer.ts):
 * open, closed or not known; when open, since when on the hub's clock, and `leftOpenMinutes` once the
 * hub judges it open two minutes or more. Null: no drawer set up, an older Foyer, or a device not answering.
 *
 * Read here because hub/protocol/dashboard.ts's DashboardDevice does not name it yet (once it does, this
 * moves there): every tile the hub sends is read by the protocol's schema extended with it, so a tile
 * without it reads as no drawer. tests/hub/device-drawer.test.ts holds the hub's tiles to this schema.
 */
export const TileDrawer = z.object({
  state: DrawerState.shape.state,
  openSince: z.iso.datetime({ offset: true }).nullable(),
  leftOpenMinutes: z.number().int().nonnegative().nullable(),
})
export type TileDrawer = z.infer<typeof TileDrawer>

export const DeviceTile = DashboardDevice.extend({ drawer: TileDrawer.nullable().default(null) })
export type DeviceTile = z.infer<typeof DeviceTile>

export const DeviceTilesAnswer = z.object({ devices: z.array(DeviceTile) })

/**
 * How long the drawer has been left open when the tile pushed now is the first to say so; null otherwise.
 * Said once, not at every heartbeat as the minutes go on.
 */
export function drawerNowLeftOpen(before: DeviceTile | undefined, now: DeviceTile): number | null {
  const minutes = now.drawer?.leftOpenMinutes ?? null
  return minutes !== null && (before?.drawer?.leftOpenMinutes ?? null) === null ? minutes : null
}

/** A pushed event as the page applies it: a device's with its drawer, every other as the protocol has it. */
export type LiveEvent = Exclude<DashboardEvent, { type: 'device' }> | { type: 'device'; device: DeviceTile }

/** A pushed message read by the protocol's schema, and a device's tile then by DeviceTile; undefined when either fails. */
export function liveEventOf(message: unknown): LiveEvent | undefined {
  const parsed = DashboardEvent.safeParse(message)
  if (!parsed.success) return undefined
  if (parsed.data.type !== 'device') return parsed.data
  const device = DeviceTile.safeParse((message as { device: unknown }).device)
  return device.success ? { type: 'device', device: device.data } : undefined
}
