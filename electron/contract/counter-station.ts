import { z } from 'zod'

/**
 * The counter as a box-office station (issue #34): the cash drawer on the
 * receipt printer's drawer port, a screen that faces the customer, and a
 * keyboard-wedge barcode scanner. Each is a setting on the staff screen and in
 * the hub's profiles; what each does lives with it in main and the renderer.
 */

/**
 * Where the cash drawer is: on the receipt printer's drawer port, opened by
 * ESC/POS `ESC p m t1 t2` on connector pin 2 or pin 5 (which one the drawer's
 * cable is wired to), or none (no drawer, or one opened by its key only).
 */
export const CASH_DRAWERS = ['none', 'pin2', 'pin5'] as const
export const cashDrawerSchema = z.enum(CASH_DRAWERS)
export type CashDrawerSetting = z.infer<typeof cashDrawerSchema>

/** An Electron display's id (`screen.getAllDisplays()`); large on some systems, never negative. */
export const displayIdSchema = z.int().min(0).max(Number.MAX_SAFE_INTEGER)

/** A first run's station: no drawer, no customer display (the chosen screen: the first that is not the cashier's), the scanner read. */
export const STATION_DEFAULTS = Object.freeze({
  cashDrawer: 'none' as CashDrawerSetting,
  customerDisplay: false,
  customerDisplayId: null as number | null,
  barcodeScanner: true,
})
