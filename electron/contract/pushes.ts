import type { z } from 'zod'
import { settingsViewSchema } from './admin-channels'
import { systemInfoSchema } from './channels'
import { counterPushes } from './counter-channels'
import { drawerPushes } from './drawer-channels'
import { customerDisplayPushes } from './customer-display'
import { printerPushes } from './printer-channels'
import { salesPushes } from './sales-channels'

/**
 * Messages main pushes to the renderer without being asked (hold countdowns,
 * connectivity, recovery notices). Same naming as channels: `<domain>.<event>`
 * becomes `foyer.<domain>.on<Event>(listener)`.
 */
export const pushes = {
  /** System facts changed (mode or backend switched by staff). */
  'system.changed': systemInfoSchema,
  /**
   * The settings as the staff screen sees them (never a secret), after staff saved a change: every
   * screen holding the hold, idle or sign-out times takes the new ones without a reload.
   */
  'settings.changed': settingsViewSchema,
  ...salesPushes,
  ...counterPushes,
  ...printerPushes,
  ...drawerPushes,
  ...customerDisplayPushes,
} as const satisfies Record<`${string}.${string}`, z.ZodType>

export type Pushes = typeof pushes
export type PushName = keyof Pushes
export type PushPayload<P extends PushName> = z.output<Pushes[P]>

export function isPushName(name: string): name is PushName {
  return Object.hasOwn(pushes, name)
}
