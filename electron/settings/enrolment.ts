import { randomInt, timingSafeEqual } from 'node:crypto'
import { chmod, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from '../ipc-core/logger'
import { writeFileAtomic } from './atomic-file'

/**
 * The first staff PIN is set with a one-time enrolment code, never by
 * whoever walks up to a new kiosk: the attract screen's Staff button is in
 * reach of every passer-by, the machine's files are not. At first start (no
 * PIN yet) main uses, in this order, the code the installer or ops gave it
 * (FOYER_ENROLMENT_CODE), a code they left in `<data folder>/enrolment-code`,
 * or a fresh random one it writes there (readable by the kiosk's own account
 * only). Setting the first PIN uses it up: the file is deleted, and from then
 * on only the current PIN changes the PIN.
 */
export const ENROLMENT_FILE = 'enrolment-code'
/** Shorter codes are refused: the code stands in for the PIN until there is one. */
export const MIN_ENROLMENT_LENGTH = 10

// No 0/O, 1/I/L: the code is read off a screen or a sheet and typed on a touch keyboard.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/** Spaces, dashes and case do not matter when the code is typed. */
export function normaliseEnrolmentCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase()
}

/** A fresh code: 15 characters of a 31-letter alphabet (about 74 bits), shown in groups of five. */
export function newEnrolmentCode(): string {
  const chars = Array.from({ length: 15 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
  return chars.match(/.{5}/g)!.join('-')
}

/** What a try with a code got: the code (now taken), a wrong code, or no open enrolment (none, or another try holds it). */
export type EnrolmentClaim = 'claimed' | 'wrong' | 'closed'

export class Enrolment {
  private code: string | null
  /** The code a try has taken and not yet settled: given back if that try makes no supervisor. */
  private claimed: string | null = null

  /** `code` null: no enrolment is open (a PIN is set). `file`: where the code was kept, deleted once used. */
  constructor(code: string | null, private readonly file: string | null = null) {
    this.code = code === null ? null : normaliseEnrolmentCode(code)
  }

  /**
   * Checks `candidate` (in constant time) and, if it is the code, takes it in
   * the same synchronous step: of any number of tries at once exactly one
   * gets 'claimed', the rest 'closed', however long the winner then takes to
   * hash its PIN and write the account.
   */
  claim(candidate: string): EnrolmentClaim {
    if (this.code === null) return 'closed'
    if (typeof candidate !== 'string') return 'wrong'
    const given = Buffer.from(normaliseEnrolmentCode(candidate))
    const expected = Buffer.from(this.code)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'wrong'
    this.claimed = this.code
    this.code = null
    return 'claimed'
  }

  /**
   * Where the open code is kept, or null (none open, or given in FOYER_ENROLMENT_CODE). The log names
   * no path (log-safe.ts scrubs them), so the browser host prints this itself: a newcomer at
   * `npm run start:web` learns where to read the code.
   */
  get keptIn(): string | null {
    return this.code !== null ? this.file : null
  }

  /** The claiming try made no supervisor (its account was refused or not written): the code is open again. */
  reopen(): void {
    if (this.claimed === null) return
    this.code = this.claimed
    this.claimed = null
  }

  /** The claiming try made the first supervisor: the code is forgotten for good and its file deleted. */
  async consume(): Promise<void> {
    this.claimed = null
    this.code = null
    if (this.file) await rm(this.file, { force: true })
  }
}

export interface EnrolmentOptions {
  /** Whether a staff PIN is already set (then no enrolment is open). */
  pinSet: boolean
  /** A code the installer or ops provided (FOYER_ENROLMENT_CODE). */
  provided?: string
  log: Logger
}

/** Opens the enrolment for the settings folder `dir` (see the top of this file). */
export async function prepareEnrolment(dir: string, options: EnrolmentOptions): Promise<Enrolment> {
  const file = join(dir, ENROLMENT_FILE)
  if (options.pinSet) {
    // A code left from before the first PIN is of no use any more.
    await rm(file, { force: true })
    return new Enrolment(null)
  }
  if (options.provided !== undefined) {
    options.log.warn('no staff PIN is set yet: the first one is set with the enrolment code given in FOYER_ENROLMENT_CODE')
    return new Enrolment(options.provided, file)
  }
  const kept = await readKept(file)
  if (kept !== null && normaliseEnrolmentCode(kept).length >= MIN_ENROLMENT_LENGTH) {
    // Left there by ops, or by an earlier first start: only this account may read it.
    await chmod(file, 0o600).catch(() => {})
    options.log.warn(`no staff PIN is set yet: the first one is set with the enrolment code in the file ${ENROLMENT_FILE} in Foyer's data folder`)
    return new Enrolment(kept, file)
  }
  const code = newEnrolmentCode()
  await writeFileAtomic(file, `${code}\n`, 0o600)
  options.log.warn(
    `no staff PIN is set yet: a one-time enrolment code to set the first one was written to the file ${ENROLMENT_FILE} in Foyer's data folder` +
      (kept !== null ? ` (the code there was shorter than ${MIN_ENROLMENT_LENGTH} characters and was replaced)` : ''),
  )
  return new Enrolment(code, file)
}

async function readKept(file: string): Promise<string | null> {
  try {
    return (await readFile(file, 'utf8')).trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}
