import { z } from 'zod'
import { adminChannels } from './admin-channels'
import { audioGuidanceChannels } from './audio-guidance'
import { appModeSchema, backendKindSchema, hostKindSchema } from './base'
import { counterChannels } from './counter-channels'
import { drawerChannels } from './drawer-channels'
import { customerDisplayChannels } from './customer-display'
import { kioskLockStateSchema } from './kiosk-channels'
import { printerChannels } from './printer-channels'
import { salesChannels } from './sales-channels'

export * from './base'

/**
 * The one IPC contract: every channel the renderer may call, with the zod schema
 * of its request and of its response. Main validates requests against it before
 * any service runs, and validates its own responses before they leave. The
 * renderer derives its `window.foyer` types from the same map.
 *
 * Channel names are `<domain>.<method>`; the domain becomes a namespace of
 * `window.foyer` and the method a function on it (`foyer.system.info()`).
 */

export const systemInfoSchema = z.object({
  appName: z.string(),
  appVersion: z.string(),
  mode: appModeSchema,
  backend: backendKindSchema,
  host: hostKindSchema,
  /** False while main cannot reach the backend (the renderer shows the offline banner). */
  backendReachable: z.boolean(),
  /** The self-service kiosk lock (Electron main); `none` where there is none. */
  kioskLock: kioskLockStateSchema,
  /** Present (true) only when the box office's hub has revoked this device: it is out of service and sells nothing. */
  revokedByHub: z.literal(true).optional(),
  /**
   * Present only while the box office has this device out of service (closed now, or outside its hours:
   * decided by main on its own clock, never once a sale is under way), with the manager's words for the screen.
   */
  closedByHub: z.object({ message: z.string().max(300) }).optional(),
})
export type SystemInfo = z.infer<typeof systemInfoSchema>

/** A request that takes no arguments: an empty object, nothing else accepted. */
const noArgs = z.object({}).strict()

export const channels = {
  'system.info': {
    request: noArgs,
    response: systemInfoSchema,
  },
  /**
   * The renderer says which screen it shows (the router's screen name), so main
   * knows when a customer or clerk is mid-sale: updates install only at rest.
   */
  'system.screen': {
    request: z.object({ screen: z.string().regex(/^[a-z][a-z-]{0,39}$/) }).strict(),
    response: z.object({}).strict(),
  },
  ...salesChannels,
  // A customer's, not staff's (the kiosk lock's channels are in adminChannels): it only lengthens their own times.
  ...audioGuidanceChannels,
  ...printerChannels,
  ...adminChannels,
  ...counterChannels,
  ...drawerChannels,
  ...customerDisplayChannels,
} as const satisfies Record<`${string}.${string}`, { request: z.ZodType; response: z.ZodType }>

export type Channels = typeof channels
export type ChannelName = keyof Channels
export type ChannelRequest<C extends ChannelName> = z.input<Channels[C]['request']>
export type ChannelResponse<C extends ChannelName> = z.output<Channels[C]['response']>

export function isChannelName(name: string): name is ChannelName {
  return Object.hasOwn(channels, name)
}
