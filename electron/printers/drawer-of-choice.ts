import type { CashDrawerSetting } from '../contract/counter-station'
import type { PrinterChoice } from './chosen-printer'
import { parsePrinterAddress } from './printer-address'
import { EscPosDrawer } from './raw/escpos-drawer'
import { RAW_PORT } from './raw/raw-link'

/**
 * The cash drawer as settings place it: on the receipt printer staff chose, when that printer is a
 * network ESC/POS one (a drawer port is an ESC/POS printer's; IPP and the system queue have no way to
 * send the pulse, and a Boca has no drawer port). Null: no drawer, or nowhere to send its pulse. Always
 * the saved printer, never the counter's stand-in system printer: the drawer's cable does not move.
 */
export function drawerOfChoice(setting: CashDrawerSetting, printer: PrinterChoice, label: string): EscPosDrawer | null {
  if (setting === 'none' || printer.kind !== 'raw' || printer.language !== 'escpos') return null
  const at = parsePrinterAddress(printer.address, RAW_PORT)
  return at && new EscPosDrawer({ host: at.host, port: at.port, label }, setting === 'pin2' ? 2 : 5)
}
