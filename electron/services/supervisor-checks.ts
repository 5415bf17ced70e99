import { FoyerError } from '../ipc-core/foyer-error'
import type { Enrolment } from '../settings/enrolment'
import type { PinAttemptResult, PinGate } from '../settings/staff-pin'
import { cashierPinRefused, pinLockedOut, type StaffCheck, type StaffMember } from '../counter/counter-desk'

/**
 * What the staff services ask before they change anything: a supervisor's
 * PIN (a cashier's is right, but not enough), or on a fresh machine the
 * one-time enrolment code; both under the same count of wrong tries and
 * lockout.
 */
export const staffError = (code: string, messageKey: string, detail?: string) => new FoyerError({ code, messageKey, retryable: false, detail })

export interface SupervisorChecks {
  /** The supervisor whose PIN this is, or a refusal (not set, a cashier's, wrong, locked). */
  requirePin(pin: string): Promise<StaffMember>
  /** Takes the enrolment code for this try (settings/enrolment.ts `claim`), or refuses: wrong, locked, or already taken. */
  claimEnrolmentCode(code: string): Promise<void>
  /** Throws the lockout, or `wrong`, unless the attempt succeeded. */
  refuseUnlessOk(result: PinAttemptResult, wrong: FoyerError): void
}

export function supervisorChecks(ctx: { check: StaffCheck; gate: PinGate; enrolment: Enrolment }): SupervisorChecks {
  function refuseUnlessOk(result: PinAttemptResult, wrong: FoyerError): void {
    if (result.ok) return
    if (result.reason === 'locked') throw pinLockedOut(result.retryAfterSeconds)
    throw wrong
  }

  /** Settings, credentials, the terminal, accounts and the sales for staff are a supervisor's: their PIN, under the lockout. */
  async function requirePin(pin: string): Promise<StaffMember> {
    const result = await ctx.check.supervisor(pin)
    if (result.ok) return result.staff
    if (result.reason === 'not-set') throw staffError('staff.pin-not-set', 'errors.staff.pinNotSet')
    if (result.reason === 'not-supervisor') throw cashierPinRefused('the staff settings')
    refuseUnlessOk({ ok: false, reason: result.reason, retryAfterSeconds: result.retryAfterSeconds }, staffError('staff.pin-wrong', 'errors.staff.pinWrong'))
    throw staffError('staff.pin-wrong', 'errors.staff.pinWrong')
  }

  /**
   * The enrolment code is guessed under the same count and lockout as the PIN it stands in for. It
   * is checked and taken in one step inside the gate's turn; a try that finds it already taken is
   * not a guess (there is nothing left to guess) and does not count towards the lockout.
   */
  async function claimEnrolmentCode(code: string): Promise<void> {
    const result = await ctx.gate.attemptWith(async () => {
      const claim = ctx.enrolment.claim(code)
      if (claim === 'closed') throw staffError('staff.enrolment-used', 'errors.staff.enrolmentUsed', 'the enrolment code is taken by another try')
      return claim === 'claimed'
    })
    refuseUnlessOk(result, staffError('staff.enrolment-wrong', 'errors.staff.enrolmentWrong', 'no staff PIN is set; the first takes the enrolment code'))
  }

  return {
    requirePin,
    claimEnrolmentCode,
    refuseUnlessOk,
  }
}
