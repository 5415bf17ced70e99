import { z } from 'zod'
import { pinTriedSchema } from './staff-channels'

/**
 * "Save logs for support" on the staff screen: main writes one file in the
 * data folder's support/ with the recent logs, the journal's recent steps
 * without patron data and the settings without secrets, and answers where it
 * is, for the supervisor to hand to support. A supervisor's, like the rest of
 * the staff screen: the file says how the box office runs.
 */
export const supportChannels = {
  'support.saveLogs': {
    request: z.object({ pin: pinTriedSchema }).strict(),
    response: z.object({
      /** The file's full path on this machine, as the supervisor will look for it. */
      path: z.string(),
      fileName: z.string(),
      bytes: z.number().int(),
    }),
  },
} as const
