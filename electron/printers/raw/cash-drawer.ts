/**
 * The cash drawer on an ESC/POS receipt printer's drawer kick-out port, as
 * Epson's ESC/POS reference gives it.
 *
 * `ESC p m t1 t2` (Generate pulse) drives connector pin 2 (m = 0) or pin 5
 * (m = 1) for t1 × 2 ms, then rests t2 × 2 ms: 50 ms on, 500 ms off, the
 * values Epson's own examples and most drawer makers use (long enough for the
 * solenoid, short enough not to heat it). It is a buffered command: the
 * printer works it in order with what came before, so a pulse sent before the
 * receipt opens the drawer before the receipt prints.
 *
 * The drawer's switch comes back on `DLE EOT 1` (printer status), bit 2: the
 * level of connector pin 3. Drawers wire their switch so that pin 3 is high
 * while the drawer is open (Epson's and APG's drawers, and the Star and Citizen
 * printers that answer in ESC/POS), which is how Foyer reads it.
 */
export type DrawerPin = 2 | 5

const PULSE_ON = 25
const PULSE_OFF = 250

export const drawerPulse = (pin: DrawerPin): Uint8Array => Uint8Array.from([0x1b, 0x70, pin === 2 ? 0 : 1, PULSE_ON, PULSE_OFF])

/** Whether `DLE EOT 1`'s answer says the drawer is open (pin 3 high). */
export const drawerIsOpen = (printerStatus: number): boolean => (printerStatus & 0x04) !== 0
