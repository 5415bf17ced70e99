import type { AppMode } from '../contract'
import type { Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import { ShiftError, type ShiftBook, type ShiftReport } from '../journal/shift-book'
import { shiftReportDocument } from '../printing/shift-report-document'
import type { DocumentPrinter } from '../printing/printer-port'
import type { CounterDesk, StaffMember } from '../counter/counter-desk'
import type { DrawerPulses } from './checkout-types'

/** The shift channels over the connected backend's shift book; counter mode only. */
export interface ShiftHandlers {
  'shift.current': Handler<'shift.current'>
  'shift.open': Handler<'shift.open'>
  'shift.close': Handler<'shift.close'>
  'shift.sales': Handler<'shift.sales'>
  'shift.print': Handler<'shift.print'>
}

export const shiftMessageKeys = ['checkout.shift.errors.counterOnly', 'checkout.shift.errors.alreadyOpen', 'checkout.shift.errors.noneOpen', 'staff.errors.noReportToPrint'] as const

export interface ShiftStaff {
  /** Who is signed in, and the supervisor who allows a close over the tolerance. */
  desk: CounterDesk | null
  /** How far the count may be off before a supervisor must approve (the staff setting). */
  toleranceCents: () => number
  /** Where the X and Z reports are printed (and kept as PDF); null: nowhere. */
  printer: () => DocumentPrinter | null
  /** The cash drawer, opened for the float as a shift opens; absent or null: none. */
  drawer?: () => DrawerPulses | null
}

/** The shift book, at the counter only: shifts are kept where there is a drawer. */
function counterBook(shifts: () => ShiftBook, mode: () => AppMode): () => ShiftBook {
  return () => {
    if (mode() !== 'counter') {
      throw new FoyerError({ code: 'shift.counter-only', messageKey: 'checkout.shift.errors.counterOnly', retryable: false, detail: 'shifts are kept at the counter only' })
    }
    return shifts()
  }
}

/** The shift book's own refusals (one already open, none open) as the errors the screens word. */
async function typed<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof ShiftError)) throw error
    const messageKey = error.code === 'shift.already-open' ? 'checkout.shift.errors.alreadyOpen' : 'checkout.shift.errors.noneOpen'
    throw new FoyerError({ code: error.code, messageKey, retryable: false, detail: error.message })
  }
}

/** Prints a report; false when there is no printer or it failed (the shift stands either way). */
function reportPrinter(shifts: () => ShiftBook, staff: ShiftStaff): (report: ShiftReport) => Promise<boolean> {
  return async (report) => {
    const printer = staff.printer()
    if (!printer) return false
    try {
      await printer.print(shiftReportDocument(report, { training: shifts().backend.startsWith('sandbox/') }))
      return true
    } catch {
      return false
    }
  }
}

/** What the shift channels share: the book (counter only), who is signed in, and the report printer. */
interface ShiftScope {
  book: () => ShiftBook
  who: () => StaffMember | null
  print: (report: ShiftReport) => Promise<boolean>
}

/** The drawer's shift: opened on its float, read as it stands (the X report), and closed on the count. */
function drawerHandlers({ book, who, print }: ShiftScope, staff: ShiftStaff): Pick<ShiftHandlers, 'shift.current' | 'shift.open' | 'shift.close'> {
  return {
    'shift.current': () => (book().current() ? book().xReport(who()) : null),
    'shift.open': (r) =>
      typed(async () => {
        book().open(r.floatCents, who())
        // The float goes in the drawer: it opens (a pulse that fails is said on the screen, the shift stands).
        await staff.drawer?.()?.open('float').catch(() => undefined)
        return book().xReport(who())
      }),
    'shift.close': (r) =>
      typed(async () => {
        // A drawer off by more than the tolerance closes only with a supervisor: signed in, or their PIN for this close.
        const toleranceCents = staff.toleranceCents()
        const over = Math.abs(book().varianceOf(r.count)) > toleranceCents
        const approvedBy = over && staff.desk ? await staff.desk.requireSupervisor(r.approvalPin, 'a drawer over the tolerance') : null
        const report = book().close(r.count, { closedBy: who(), approvedBy, toleranceCents })
        // The Z report goes to the printer (and its PDF) as the shift closes; the close stands if the printer fails.
        await print(report)
        return report
      }),
  }
}

/** The shift's reports printed again on request, and its sales as the shift screen lists them (newest first). */
function reportHandlers({ book, who, print }: ShiftScope): Pick<ShiftHandlers, 'shift.print' | 'shift.sales'> {
  return {
    'shift.print': async (r) => {
      const report = r.kind === 'X' ? (book().current() ? book().xReport(who()) : null) : book().lastZReport()
      if (!report) throw new FoyerError({ code: 'shift.no-report', messageKey: 'staff.errors.noReportToPrint', retryable: false, detail: `no ${r.kind} report to print` })
      return { printed: await print(report) }
    },
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
          soldBy: sale.soldByName,
          refundedBy: sale.refundedByName,
          refundAskedBy: sale.refundAskedByName,
        }))
    },
  }
}

export function shiftHandlers(shifts: () => ShiftBook, mode: () => AppMode, staff: ShiftStaff): ShiftHandlers {
  const scope: ShiftScope = { book: counterBook(shifts, mode), who: () => staff.desk?.who() ?? null, print: reportPrinter(shifts, staff) }
  return {
    ...drawerHandlers(scope, staff),
    ...reportHandlers(scope),
  }
}
