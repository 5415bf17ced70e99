import type { AppMode } from '../contract'
import type { Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import { ShiftError, type ShiftBook } from '../journal/shift-book'

/** The shift channels over the connected backend's shift book; counter mode only. */
export interface ShiftHandlers {
  'shift.current': Handler<'shift.current'>
  'shift.open': Handler<'shift.open'>
  'shift.close': Handler<'shift.close'>
  'shift.sales': Handler<'shift.sales'>
}

export const shiftMessageKeys = ['checkout.shift.errors.counterOnly', 'checkout.shift.errors.alreadyOpen', 'checkout.shift.errors.noneOpen'] as const

export function shiftHandlers(shifts: () => ShiftBook, mode: () => AppMode): ShiftHandlers {
  const book = (): ShiftBook => {
    if (mode() !== 'counter') {
      throw new FoyerError({ code: 'shift.counter-only', messageKey: 'checkout.shift.errors.counterOnly', retryable: false, detail: 'shifts are kept at the counter only' })
    }
    return shifts()
  }
  const typed = <T>(work: () => T): T => {
    try {
      return work()
    } catch (error) {
      if (!(error instanceof ShiftError)) throw error
      const messageKey = error.code === 'shift.already-open' ? 'checkout.shift.errors.alreadyOpen' : 'checkout.shift.errors.noneOpen'
      throw new FoyerError({ code: error.code, messageKey, retryable: false, detail: error.message })
    }
  }
  return {
    'shift.current': () => (book().current() ? book().xReport() : null),
    'shift.open': (r) =>
      typed(() => {
        book().open(r.floatCents)
        return book().xReport()
      }),
    'shift.close': (r) => typed(() => book().close(r.count)),
    'shift.sales': () => {
      const open = book().current()
      if (!open) return []
      return book()
        .sales(open.shiftId)
        .reverse()
        .map((sale) => ({
          saleId: sale.saleId,
          reference: sale.reference,
          state: sale.state,
          tender: sale.tender,
          amountCents: sale.amountCents,
          tickets: sale.order?.tickets.length ?? 0,
          createdAt: new Date(sale.createdAt).toISOString(),
        }))
    },
  }
}
