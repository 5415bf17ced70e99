import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from './atomic-file'
import { staffRoleSchema, type StaffMemberView, type StaffRole } from '../contract/staff-channels'
import { PIN_HASH_PATTERN, hashPin, noSuchPinHash, verifyPin } from './staff-pin'
import type { StaffRoster, VenueAccount, VenueStaff } from './venue-staff'

/**
 * The people who work this machine: each has a name, a PIN of their own and a
 * role (a cashier sells, counts and reprints; a supervisor also refunds,
 * approves a drawer over tolerance and changes settings). Kept in
 * `staff-accounts.json` beside settings.json rather than in the sales
 * database: the accounts are credentials like the PIN they replace, they must
 * exist before any backend is connected (the enrolment and the lockout live in
 * the same folder), and a settings folder copied to a new machine brings its
 * staff with it. Only scrypt hashes are stored (staff-pin.ts: per-account salt,
 * parameters kept with the hash), written atomically and readable by the
 * kiosk's own account only. An account is disabled, never deleted, so the
 * journal's names stay meaningful.
 */
export const STAFF_FILE = 'staff-accounts.json'

/** An account: who did something (the contract's StaffMemberView, what the journal and reports carry), and its PIN's hash. */
export interface StaffAccount extends StaffMemberView {
  pinHash: string
  createdAt: string
  disabledAt: string | null
}

/** A name as staff type it: trimmed, inner spaces single, 1 to 40 characters. */
export const normaliseStaffName = (name: string): string => name.trim().replace(/\s+/g, ' ')
const sameName = (a: string, b: string) => normaliseStaffName(a).toLocaleLowerCase('en') === normaliseStaffName(b).toLocaleLowerCase('en')

const accountSchema = z
  .object({
    staffId: z.uuid(),
    name: z.string().min(1).max(40),
    role: staffRoleSchema,
    pinHash: z.string().regex(PIN_HASH_PATTERN),
    createdAt: z.string(),
    disabledAt: z.string().nullable(),
  })
  .strict()
const fileSchema = z.object({ version: z.literal(1), accounts: z.array(accountSchema) }).strict()

/** Why an account change was refused; the message never carries a PIN. */
export class StaffAccountError extends Error {
  constructor(
    readonly code: 'staff.name-taken' | 'staff.name-invalid' | 'staff.unknown-account' | 'staff.last-supervisor',
    message: string,
  ) {
    super(message)
    this.name = 'StaffAccountError'
  }
}

export const memberOf = (account: StaffAccount): StaffMemberView => ({ staffId: account.staffId, name: account.name, role: account.role })

const asAccount = (venue: VenueAccount): StaffAccount => ({ ...venue, createdAt: '', disabledAt: null })

/**
 * The machine's own accounts, joined (once this device is connected to the box office's hub) by the
 * venue's (./venue-staff.ts): those sign in here as the machine's do, but are changed at the hub only.
 */
export class StaffAccounts implements StaffRoster {
  #accounts: StaffAccount[]
  #queue: Promise<unknown> = Promise.resolve()
  #venue: VenueStaff | null = null

  private constructor(
    private readonly file: string,
    accounts: StaffAccount[],
    private readonly now: () => Date,
  ) {
    this.#accounts = accounts
  }

  /**
   * The accounts kept in `dir`. An older Foyer's one shared PIN (`legacyPinHash`
   * from settings.json) becomes a supervisor named "Supervisor", so an upgraded
   * machine keeps signing in with it; the caller then clears the old field.
   * A file that cannot be read is refused loudly rather than replaced: starting
   * with no accounts would open a fresh enrolment to whoever stands at the screen.
   */
  static async open(dir: string, legacyPinHash: string | null, now: () => Date = () => new Date()): Promise<StaffAccounts> {
    const file = join(dir, STAFF_FILE)
    let text: string | null = null
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    if (text !== null) {
      const parsed = fileSchema.safeParse(JSON.parse(text))
      if (!parsed.success) throw new Error(`${STAFF_FILE} is not a staff accounts file Foyer can read`)
      return new StaffAccounts(file, parsed.data.accounts, now)
    }
    const store = new StaffAccounts(file, [], now)
    if (legacyPinHash !== null) {
      store.#accounts.push({ staffId: randomUUID(), name: 'Supervisor', role: 'supervisor', pinHash: legacyPinHash, createdAt: now().toISOString(), disabledAt: null })
      await store.#save()
    }
    return store
  }

  /** The venue's accounts from now on (null: this device left the hub, only its own accounts serve). */
  useVenue(venue: VenueStaff | null): void {
    this.#venue = venue
  }

  get venue(): VenueStaff | null {
    return this.#venue
  }

  /** The venue account `name` names, if any (its PIN tries are counted at the hub too). */
  venueNamed(name: string): StaffAccount | null {
    return this.#venueAccounts().find((account) => sameName(account.name, name)) ?? null
  }

  localAccounts(): { staffId: string; name: string; role: StaffRole }[] {
    return this.#ownActive().map(memberOf)
  }

  maySignIn(staffId: string): boolean {
    return this.#active().some((account) => account.staffId === staffId)
  }

  /** Every account, the venue's included, active first, then by name. */
  list(): StaffAccount[] {
    return [...this.#accounts, ...this.#venueAccounts()].sort((a, b) => Number(a.disabledAt !== null) - Number(b.disabledAt !== null) || a.name.localeCompare(b.name))
  }

  /** Whether any active supervisor exists: without one, the enrolment code makes the first. */
  hasSupervisor(): boolean {
    return this.#active().some((account) => account.role === 'supervisor')
  }

  /** One of the machine's own accounts (the venue's are changed at the hub only). */
  get(staffId: string): StaffAccount | null {
    return this.#accounts.find((account) => account.staffId === staffId) ?? null
  }

  /**
   * The active account `name` names, if its PIN is `pin`. A device's own account and a venue account
   * may share a name until the manager merges them: the one whose PIN it is signs in.
   */
  async signIn(name: string, pin: string): Promise<StaffAccount | null> {
    const named = this.#active().filter((candidate) => sameName(candidate.name, name))
    // No such name still costs one hash: a wrong name and a wrong PIN take as long.
    if (named.length === 0) {
      await verifyPin(pin, noSuchPinHash())
      return null
    }
    for (const account of named) if (await verifyPin(pin, account.pinHash)) return account
    return null
  }

  /** The active account of `role` (or any role) whose PIN is `pin`; the first by name when two share one. */
  async withPin(pin: string, role?: StaffRole): Promise<StaffAccount | null> {
    const candidates = this.#active().filter((account) => role === undefined || account.role === role)
    const matches = await Promise.all(candidates.map((account) => verifyPin(pin, account.pinHash)))
    return candidates.find((_, index) => matches[index]) ?? null
  }

  add(entry: { name: string; role: StaffRole; pin: string }): Promise<StaffAccount> {
    return this.#change(async () => {
      const name = normaliseStaffName(entry.name)
      if (name.length < 1 || name.length > 40) throw new StaffAccountError('staff.name-invalid', 'a name has 1 to 40 characters')
      if (this.#active().some((account) => sameName(account.name, name))) throw new StaffAccountError('staff.name-taken', 'an active account already has that name')
      const account: StaffAccount = { staffId: randomUUID(), name, role: entry.role, pinHash: await hashPin(entry.pin), createdAt: this.now().toISOString(), disabledAt: null }
      this.#accounts.push(account)
      return account
    })
  }

  /** Disables an account (it cannot sign in any more); the last active supervisor stays. */
  disable(staffId: string): Promise<StaffAccount> {
    return this.#change(async () => {
      const account = this.#require(staffId)
      if (account.disabledAt !== null) return account
      if (account.role === 'supervisor' && this.#active().filter((a) => a.role === 'supervisor').length === 1) {
        throw new StaffAccountError('staff.last-supervisor', 'the last supervisor cannot be disabled')
      }
      account.disabledAt = this.now().toISOString()
      return account
    })
  }

  resetPin(staffId: string, pin: string): Promise<StaffAccount> {
    return this.#change(async () => {
      const account = this.#require(staffId)
      account.pinHash = await hashPin(pin)
      return account
    })
  }

  /** The machine's own accounts that sign in: not disabled, nor merged or dropped by the hub's manager. */
  #ownActive(): StaffAccount[] {
    return this.#accounts.filter((account) => account.disabledAt === null && !this.#venue?.settled(account.staffId))
  }

  #venueAccounts(): StaffAccount[] {
    return this.#venue?.accounts().map(asAccount) ?? []
  }

  #active(): StaffAccount[] {
    return [...this.#ownActive(), ...this.#venueAccounts()]
  }

  #require(staffId: string): StaffAccount {
    const account = this.get(staffId)
    if (!account) throw new StaffAccountError('staff.unknown-account', 'no such staff account')
    return account
  }

  /** Changes run one at a time and are on disk before they are answered; a failed write changes nothing. */
  #change<T>(step: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(async () => {
      const before = structuredClone(this.#accounts)
      try {
        const value = await step()
        await this.#save()
        return value
      } catch (error) {
        this.#accounts = before
        throw error
      }
    })
    this.#queue = result.catch(() => undefined)
    return result
  }

  #save(): Promise<void> {
    return writeFileAtomic(this.file, `${JSON.stringify({ version: 1, accounts: this.#accounts }, null, 2)}\n`, 0o600)
  }
}

