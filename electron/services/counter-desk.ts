import type { ChannelName } from '../contract'
import type { Handler, Handlers } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import type { SystemInfoService } from './system-info'

/**
 * Whether a cashier is signed in at this counter. Main keeps it, so a renderer
 * that skips its sign-in screen (or anyone holding the browser host's token)
 * still cannot sell, take money or count the drawer at a counter. A
 * self-service kiosk has no sign-in: its customers are nobody in particular.
 * Leaving counter mode signs the counter out; so does a restart.
 */
export class CounterDesk {
  #signedIn = false

  constructor(private readonly system: SystemInfoService) {
    system.onModeChange(() => {
      this.#signedIn = false
    })
  }

  signIn(): void {
    this.#signedIn = true
  }

  signOut(): void {
    this.#signedIn = false
  }

  /** Throws a typed "sign in first" at a counter nobody signed in to. */
  requireCashier(): void {
    if (this.system.info().mode === 'counter' && !this.#signedIn) {
      throw new FoyerError({ code: 'counter.signed-out', messageKey: 'checkout.errors.signInFirst', retryable: false, detail: 'no cashier is signed in at this counter' })
    }
  }
}

/**
 * What a counter does only with a cashier signed in: hold seats, place and pay
 * orders, reprint, and keep the shift. Reading the catalogue and giving seats
 * back stay open (giving back can only help, and signing out gives back).
 */
export const CASHIER_CHANNELS = [
  'offers.request',
  'offers.keep',
  'checkout.submit',
  'checkout.pay',
  'checkout.cancel',
  'checkout.abortPayment',
  'checkout.reprint',
  'shift.current',
  'shift.sales',
  'shift.open',
  'shift.close',
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

/** The sign-in channels: the cashier signs in with the staff PIN, through the same check and lockout as the staff screen. */
export function counterHandlers(desk: CounterDesk, verifyPin: Handler<'staff.verify'>): { 'counter.signIn': Handler<'counter.signIn'>; 'counter.signOut': Handler<'counter.signOut'> } {
  return {
    'counter.signIn': async (request, context) => {
      const result = await verifyPin(request, context)
      if (result.ok) desk.signIn()
      return result
    },
    'counter.signOut': () => {
      desk.signOut()
      return { signedIn: false as const }
    },
  }
}
