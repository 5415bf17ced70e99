import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from './atomic-file'
import { PinGate, type LockoutState, type PinGateOptions } from './staff-pin'

/**
 * The staff PIN lockout kept on disk, beside settings.json: wrong tries and
 * the lockout survive the kiosk being switched off at the wall (a restart
 * must not hand a guesser five fresh tries). Written atomically like the
 * settings, before each answer is given.
 */
export const LOCKOUT_FILE = 'staff-lockout.json'

const stateSchema = z
  .object({
    version: z.literal(1),
    wrongInARow: z.int().min(0).max(1000),
    lockouts: z.int().min(0).max(1_000_000),
    lockedUntil: z.number().finite().nullable(),
  })
  .strict()

/**
 * A file that cannot be read as a lockout (damaged, or edited by hand) fails
 * closed: the gate starts locked for the first step, as if five wrong tries
 * had just been made, rather than open.
 */
function failClosed(wallNow: number): LockoutState {
  return { wrongInARow: 0, lockouts: 1, lockedUntil: wallNow + 60_000 }
}

async function readState(file: string, wallNow: number): Promise<LockoutState | undefined> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    return failClosed(wallNow)
  }
  try {
    const parsed = stateSchema.safeParse(JSON.parse(text))
    if (parsed.success) return { wrongInARow: parsed.data.wrongInARow, lockouts: parsed.data.lockouts, lockedUntil: parsed.data.lockedUntil }
  } catch {
    // not JSON: below
  }
  return failClosed(wallNow)
}

/** The gate for the settings folder `dir`, with what an earlier run left there. */
export async function openPinGate(dir: string, options: Omit<PinGateOptions, 'store' | 'initial'> = {}): Promise<PinGate> {
  const file = join(dir, LOCKOUT_FILE)
  const wallNow = options.wallNow ?? (() => Date.now())
  const initial = await readState(file, wallNow())
  return new PinGate({
    ...options,
    initial,
    store: { save: (state) => writeFileAtomic(file, `${JSON.stringify({ version: 1, ...state })}\n`) },
  })
}
