import { z } from 'zod'
import { pinTriedSchema } from './staff-channels'

/**
 * Staff settings → "Connect to the box office hub" (electron/hub-link). A supervisor's; every call
 * takes the PIN. Staff give the hub's address, its one-time code and its certificate's fingerprint
 * as the hub's dashboard shows them, or paste the dashboard QR's text (`foyer-hub:?url=…&code=…&
 * fingerprint=…`) as the address. The device token the hub gives goes straight into the keychain:
 * no answer here carries it.
 */
export const hubLinkViewSchema = z.object({
  connected: z.boolean(),
  url: z.string().nullable(),
  fingerprint: z.string().nullable(),
  /** The name and place the manager gave this device on the hub ("Lobby kiosk 3"). */
  name: z.string().nullable(),
  place: z.string().nullable(),
  /** The hub revoked this device: it sells nothing until staff disconnect it. */
  outOfService: z.boolean(),
  uploadsWaiting: z.number().int().nonnegative(),
  lastHeartbeatAt: z.iso.datetime().nullable(),
})
export type HubLinkView = z.infer<typeof hubLinkViewSchema>

/** Why a connect did not go through: message keys `hub.errors.<reason>`. */
export const HUB_CONNECT_REFUSALS = ['address', 'code', 'fingerprint', 'wrong-certificate', 'not-reachable', 'wrong-code', 'code-used', 'locked', 'hub-not-proven', 'unreadable-answer'] as const

const pin = pinTriedSchema

export const hubChannels = {
  'hub.status': {
    request: z.object({ pin }).strict(),
    response: hubLinkViewSchema,
  },
  'hub.connect': {
    request: z
      .object({
        pin,
        address: z.string().min(1).max(2048),
        code: z.string().max(64).optional(),
        fingerprint: z.string().max(200).optional(),
      })
      .strict(),
    response: hubLinkViewSchema,
  },
  'hub.disconnect': {
    request: z.object({ pin }).strict(),
    response: hubLinkViewSchema,
  },
} as const
