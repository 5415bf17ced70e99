import type { TerminalPlace } from './audio-guidance'

/**
 * Facts both sides of the contract state, each in one place: main's settings
 * schema and the staff screen start from the same defaults, the printed
 * ticket and the screen tell time in the same zone, and both know the
 * vendor's cash code and the training box office's address by the same spelling.
 */

/** Every show, shift and ticket is told in the venue's time zone, whatever the machine's clock says. */
export const VENUE_TIME_ZONE = 'Asia/Singapore'

/** The vendor's payment method code for cash in the drawer (the sandbox's and the vendor's). */
export const CASH_PAYMENT_CODE = 'CASH'

/**
 * Until staff enter the box office's real address, walk-up sales use this one.
 * `.invalid` is reserved (RFC 2606) and can never be delivered, so a training
 * sale never mails a real person.
 */
export const TRAINING_BOX_OFFICE_EMAIL = 'boxoffice@foyer-training.invalid'

/** Whether an address is a placeholder nobody reads (the training one, or any `.invalid`). */
export function isPlaceholderEmail(email: string): boolean {
  return /\.invalid$/i.test(email)
}

/** A first run's times, limits and places, as main saves them and as the staff screen shows them before it has heard. */
export const SETTING_DEFAULTS: Readonly<
  Record<'holdWindowMinutes' | 'idleSeconds' | 'patronDataDays' | 'cashToleranceCents' | 'counterLockMinutes' | 'audioTimeFactor', number> & { terminalPlace: TerminalPlace }
> = {
  holdWindowMinutes: 15,
  idleSeconds: 60,
  patronDataDays: 30,
  /** S$5: a drawer counted within this of the expected cash closes without a supervisor. */
  cashToleranceCents: 500,
  /** A counter left alone this many minutes signs its cashier out. */
  counterLockMinutes: 5,
  /** A customer in audio mode gets twice the idle time, and twice the hold as far as the vendor holds (audio-guidance.ts). */
  audioTimeFactor: 2,
  /** Nobody has said where this kiosk's card terminal is: the payment screen names no direction. */
  terminalPlace: 'unset',
}
