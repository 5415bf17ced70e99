import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from './atomic-file'
import { staffRoleSchema, type StaffMemberView, type StaffRole } from '../contract/staff-channels'
import { PIN_HASH_PATTERN, hashPin, verifyPin } from './staff-pin'

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

export class StaffAccounts {
  #accounts: StaffAccount[]
  #queue: Promise<unknown> = Promise.resolve()

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

  /** Every account, active first, then by name. */
  list(): StaffAccount[] {
    return [...this.#accounts].sort((a, b) => Number(a.disabledAt !== null) - Number(b.disabledAt !== null) || a.name.localeCompare(b.name))
  }

  /** Whether any active supervisor exists: without one, the enrolment code makes the first. */
  hasSupervisor(): boolean {
    return this.#active().some((account) => account.role === 'supervisor')
  }

  get(staffId: string): StaffAccount | null {
    return this.#accounts.find((account) => account.staffId === staffId) ?? null
  }

  /** The active account `name` names, if its PIN is `pin`. */
  async signIn(name: string, pin: string): Promise<StaffAccount | null> {
    const account = this.#active().find((candidate) => sameName(candidate.name, name))
    // No such name still costs one hash: a wrong name and a wrong PIN take as long.
    if (!account) {
      await verifyPin(pin, DUMMY_HASH)
      return null
    }
    return (await verifyPin(pin, account.pinHash)) ? account : null
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

  #active(): StaffAccount[] {
    return this.#accounts.filter((account) => account.disabledAt === null)
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

// A real hash of no PIN anyone has, so an unknown name costs what a known one does.
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='
