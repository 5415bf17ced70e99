import type { Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import type { StaffAccountView } from '../contract'
import { StaffAccountError, memberOf, type StaffAccount, type StaffAccounts } from '../settings/staff-accounts'
import type { PinGate } from '../settings/staff-pin'
import type { StaffCheck, StaffSignIn } from '../counter/counter-desk'

/** The hub has locked this person out across the venue: no PIN of theirs signs in anywhere for now. */
class LockedAtTheHub extends Error {
  constructor(readonly retryAfterSeconds: number | undefined) {
    super('locked out across the venue')
  }
}

/**
 * A sign-in by a venue account's name is told to the hub, which counts wrong PINs for that person at
 * every device together (five lock them out everywhere, a right PIN included). When the hub cannot be
 * asked, the device's own lockout is all there is, as before it joined.
 */
async function signInAcrossTheVenue(accounts: StaffAccounts, name: string, pin: string): Promise<StaffAccount | null> {
  const found = await accounts.signIn(name, pin)
  const person = accounts.venueNamed(name)
  const venue = accounts.venue
  if (!person || !venue) return found
  const answer = await venue.pinTry(person.staffId, found?.staffId === person.staffId)
  if (answer?.locked) throw new LockedAtTheHub(answer.retryAfterSeconds)
  return found
}

/**
 * Staff accounts behind the contract: every PIN is checked under the
 * machine's one lockout (PinGate, kept beside settings), whoever's account it
 * is, so trying names and PINs at the counter, on the settings screen or as a
 * supervisor's approval all count against the same five tries.
 */
export function staffCheck(accounts: StaffAccounts, gate: PinGate): StaffCheck {
  /** Runs `find` under the lockout; a found account is a right PIN (the count starts over). */
  async function attempt(find: () => Promise<StaffAccount | null>): Promise<{ found: StaffAccount } | Exclude<StaffSignIn, { ok: true }>> {
    if (accounts.list().every((account) => account.disabledAt !== null)) return { ok: false, reason: 'not-set' }
    let found: StaffAccount | null = null
    let result
    try {
      result = await gate.attemptWith(async () => {
        found = await find()
        return found !== null
      })
    } catch (error) {
      if (error instanceof LockedAtTheHub) return { ok: false, reason: 'locked', retryAfterSeconds: error.retryAfterSeconds }
      throw error
    }
    if (!result.ok) return { ok: false, reason: result.reason, retryAfterSeconds: result.retryAfterSeconds }
    return { found: found! }
  }
  return {
    roster: accounts,
    async signIn(name, pin) {
      const result = await attempt(() => signInAcrossTheVenue(accounts, name, pin))
      return 'found' in result ? { ok: true, staff: memberOf(result.found) } : result
    },
    async supervisor(pin) {
      // A cashier's own PIN is a right PIN (not a guess), but it is not a supervisor's.
      const result = await attempt(async () => (await accounts.withPin(pin, 'supervisor')) ?? (await accounts.withPin(pin, 'cashier')))
      if (!('found' in result)) return result
      return result.found.role === 'supervisor' ? { ok: true, staff: memberOf(result.found) } : { ok: false, reason: 'not-supervisor' }
    },
  }
}

export const staffAccountMessageKeys = ['staff.errors.nameTaken', 'staff.errors.nameInvalid', 'staff.errors.unknownAccount', 'staff.errors.lastSupervisor'] as const

const accountMessageKey: Record<StaffAccountError['code'], (typeof staffAccountMessageKeys)[number]> = {
  'staff.name-taken': 'staff.errors.nameTaken',
  'staff.name-invalid': 'staff.errors.nameInvalid',
  'staff.unknown-account': 'staff.errors.unknownAccount',
  'staff.last-supervisor': 'staff.errors.lastSupervisor',
}

export const accountView = (account: StaffAccount): StaffAccountView => ({ ...memberOf(account), disabled: account.disabledAt !== null, createdAt: account.createdAt })

/** A refused account change in the renderer's words. */
async function typed<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof StaffAccountError) throw new FoyerError({ code: error.code, messageKey: accountMessageKey[error.code], retryable: false, detail: error.message })
    throw error
  }
}

export interface StaffAccountHandlers {
  'staff.accounts': Handler<'staff.accounts'>
  'staff.addAccount': Handler<'staff.addAccount'>
  'staff.disableAccount': Handler<'staff.disableAccount'>
  'staff.resetPin': Handler<'staff.resetPin'>
}

/** Supervisors look after the accounts from the settings screen: each call takes a supervisor's PIN. */
export function staffAccountHandlers(accounts: StaffAccounts, requireSupervisorPin: (pin: string) => Promise<unknown>): StaffAccountHandlers {
  return {
    'staff.accounts': async ({ pin }) => {
      await requireSupervisorPin(pin)
      return accounts.list().map(accountView)
    },
    'staff.addAccount': async ({ pin, name, role, newPin }) => {
      await requireSupervisorPin(pin)
      return accountView(await typed(() => accounts.add({ name, role, pin: newPin })))
    },
    'staff.disableAccount': async ({ pin, staffId }) => {
      await requireSupervisorPin(pin)
      return accountView(await typed(() => accounts.disable(staffId)))
    },
    'staff.resetPin': async ({ pin, staffId, newPin }) => {
      await requireSupervisorPin(pin)
      return accountView(await typed(() => accounts.resetPin(staffId, newPin)))
    },
  }
}
