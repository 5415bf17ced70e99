import { verify } from '@node-rs/argon2'
import { PinHash } from '../../hub/protocol'

/**
 * A PIN checked against the hub's hash of it (Argon2id, hub/protocol/staff-sync.ts): how a device
 * signs in a venue account without asking the hub. A hash that is not one the protocol allows (its
 * cost capped, so a damaged row cannot make each sign-in take gigabytes) is simply no match.
 */
export async function venuePinMatches(pin: string, hash: string): Promise<boolean> {
  if (!/^[0-9]{6,12}$/.test(pin) || !PinHash.safeParse(hash).success) return false
  try {
    return await verify(hash, pin)
  } catch {
    return false
  }
}

export const isVenuePinHash = (hash: string): boolean => hash.startsWith('$argon2id$')
