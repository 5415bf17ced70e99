import type { AppMode, ChannelName, StaffMemberView } from '../contract'
import type { Handlers } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import type { StaffRoster } from '../settings/venue-staff'

/**
 * Who is signed in at this counter. Main keeps it, so a renderer that skips
 * its sign-in screen (or anyone holding the browser host's token) still cannot
 * sell, take money or count the drawer at a counter, and every sale, refund,
 * reprint and shift is filed under the person main signed in, not a name the
 * renderer sends. A self-service kiosk has no sign-in: its customers are
 * nobody in particular. Leaving counter mode signs the counter out; so does a
 * restart.
 */
export type StaffMember = StaffMemberView

/** Checks a PIN against the machine's staff accounts, under the PIN lockout (host-runtime.ts builds it). */
export interface StaffCheck {
  /** The active account `name` names, if `pin` is its PIN. */
  signIn(name: string, pin: string): Promise<StaffSignIn>
  /** The active supervisor whose PIN `pin` is. */
  supervisor(pin: string): Promise<StaffSignIn>
  /** The accounts behind the check, for the link to the box office's hub (absent: none to join with the venue's). */
  roster?: StaffRoster
}
export type StaffSignIn =
  | { ok: true; staff: StaffMember }
  | { ok: false; reason: 'wrong' | 'locked' | 'not-set' | 'not-supervisor'; retryAfterSeconds?: number }

/** Where there are no staff accounts (tests of the sale alone): nobody signs in, nobody approves. */
const noStaff: StaffCheck = {
  signIn: async () => ({ ok: false, reason: 'not-set' }),
  supervisor: async () => ({ ok: false, reason: 'not-set' }),
}

export const staffDeskMessageKeys = ['checkout.errors.signInFirst', 'staff.errors.supervisorNeeded', 'staff.errors.cashierPin', 'errors.staff.locked'] as const

/**
 * A cashier's own PIN typed where a supervisor's is asked: still "a supervisor is needed" (the screen keeps
 * asking), in words that say the PIN is a cashier's. This tells no more than staff.verify already does (a
 * cashier's PIN is a right PIN, and it counts as one under the lockout); a wrong PIN keeps the generic words.
 */
export function cashierPinRefused(action: string): FoyerError {
  return new FoyerError({ code: 'staff.supervisor-needed', messageKey: 'staff.errors.cashierPin', retryable: false, detail: `${action} needs a supervisor; that PIN is a cashier's` })
}

/** The refusal of a PIN while the staff lockout lasts: one wording for every place a PIN is typed. */
export function pinLockedOut(retryAfterSeconds: number | undefined): FoyerError {
  return new FoyerError({ code: 'staff.locked', messageKey: 'errors.staff.locked', retryable: true, detail: `retry after ${retryAfterSeconds ?? 60} s` })
}

/** What the desk needs of the system: the mode the app runs in, and word when it changes (services/system-info.ts gives both). */
export interface ModeSource {
  info(): { mode: AppMode }
  onModeChange(listener: (mode: AppMode) => void): () => void
}

export class CounterDesk {
  #who: StaffMember | null = null

  constructor(
    private readonly system: ModeSource,
    readonly check: StaffCheck = noStaff,
  ) {
    system.onModeChange(() => {
      this.#who = null
    })
  }

  signIn(member: StaffMember): void {
    this.#who = member
  }

  signOut(): void {
    this.#who = null
  }

  /** Who is signed in here; null at a counter nobody signed in to, and always at a self-service kiosk. */
  who(): StaffMember | null {
    return this.system.info().mode === 'counter' ? this.#who : null
  }

  /** Throws a typed "sign in first" at a counter nobody signed in to. */
  requireCashier(): void {
    if (this.system.info().mode === 'counter' && !this.#who) {
      throw new FoyerError({ code: 'counter.signed-out', messageKey: 'checkout.errors.signInFirst', retryable: false, detail: 'no cashier is signed in at this counter' })
    }
  }

  /**
   * The supervisor who allows one action a cashier may not do alone: the one
   * signed in, or the one whose PIN was typed on the spot for this action
   * (checked now, under the lockout, and kept for nothing else).
   */
  async requireSupervisor(approvalPin: string | undefined, action: string): Promise<StaffMember> {
    if (this.#who?.role === 'supervisor' && this.system.info().mode === 'counter') return this.#who
    if (approvalPin) {
      const result = await this.check.supervisor(approvalPin)
      if (result.ok) return result.staff
      if (result.reason === 'locked') throw pinLockedOut(result.retryAfterSeconds)
      if (result.reason === 'not-supervisor') throw cashierPinRefused(action)
    }
    throw new FoyerError({ code: 'staff.supervisor-needed', messageKey: 'staff.errors.supervisorNeeded', retryable: false, detail: `${action} needs a supervisor` })
  }
}

/**
 * What a counter does only with a cashier signed in: hold seats, place, pay
 * and refund orders, reprint, look a scanned sale up, and keep the shift. Reading the catalogue and
 * giving seats back stay open (giving back can only help, and signing out gives back).
 */
export const CASHIER_CHANNELS = [
  'offers.request',
  'offers.keep',
  'offers.pick',
  'offers.accessible',
  'checkout.submit',
  'checkout.pay',
  'checkout.cancel',
  'checkout.abortPayment',
  'checkout.reprint',
  'checkout.outcome',
  'checkout.refund',
  'shift.current',
  'shift.sales',
  'shift.open',
  'shift.close',
  'shift.print',
  'counter.usePrinter',
  'drawer.status',
  'drawer.open',
  'sales.find',
] as const satisfies readonly ChannelName[]

/** The handlers, with the channels above refused at a counter nobody signed in to. */
export function withCashierCheck<H extends Partial<Handlers>>(handlers: H, desk: CounterDesk): H {
  const guarded: Record<string, unknown> = { ...handlers }
  for (const name of CASHIER_CHANNELS) {
    const handler = handlers[name] as ((request: unknown, context: unknown) => unknown) | undefined
    if (!handler) continue
    guarded[name] = (request: unknown, context: unknown) => {
      desk.requireCashier()
      return handler(request, context)
    }
  }
  return guarded as H
}

/** The sign-in channels: staff sign in as themselves, name and own PIN, under the machine's PIN lockout. */
export function counterHandlers(
  desk: CounterDesk,
): Pick<Handlers, 'counter.signIn' | 'counter.signOut' | 'counter.stillHere' | 'counter.whoIsIn'> {
  return {
    'counter.signIn': async ({ name, pin }) => {
      const result = await desk.check.signIn(name, pin)
      if (!result.ok) return result
      desk.signIn(result.staff)
      return { ok: true, staff: result.staff }
    },
    'counter.signOut': () => {
      desk.signOut()
      return { signedIn: false as const }
    },
    // Counted as the person's activity by main's idle count (counter-idle.ts), like every call they make.
    'counter.stillHere': () => ({ signedIn: desk.who() !== null }),
    'counter.whoIsIn': () => desk.who(),
  }
}
