import { z } from 'zod'

/**
 * The self-service kiosk's lock. Staff leave kiosk mode (full screen, no way
 * out for a customer) only with the staff PIN; where there is no kiosk window
 * (the browser host, or a counter) the channel answers a typed "not here".
 */
export const kioskChannels = {
  'kiosk.exit': {
    request: z.object({ pin: z.string().regex(/^\d{4,8}$/) }).strict(),
    response: z.object({ left: z.literal(true) }),
  },
} as const
