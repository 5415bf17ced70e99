import { readinessOf, type PrinterProblem } from '../printer-port'
import { drawerIsOpen, drawerPulse, type DrawerPin } from './cash-drawer'
import { EscPosSession } from './escpos-printer'
import { escPosProblems, GS_R_PAPER, isSequentialAnswer } from './escpos-status'
import { overRawLink, rawPrinterSettings, type RawPrinterOptions, type RawPrinterSettings } from './raw-link'

/**
 * The cash drawer on a network ESC/POS printer's drawer port (./cash-drawer.ts).
 * Its own short time limits: a cashier waits on a drawer, never a sale (a
 * pulse that fails is said, and the drawer opened with its key). A pulse goes
 * only to a printer that says it is ready, and counts as sent once the printer
 * has worked through it (GS r answered after it).
 */
export type DrawerState = 'open' | 'closed' | 'unknown'

export interface DrawerReading {
  state: DrawerState
  /** What stops the printer, in box-office words; empty when it is ready (paper low included). */
  problems: PrinterProblem[]
}

export class DrawerPulseFailed extends Error {
  override readonly name = 'DrawerPulseFailed'
  constructor(
    readonly problems: PrinterProblem[],
    detail: string,
  ) {
    super(detail)
  }
}

const DRAWER_LIMITS = { connectTimeoutMs: 1500, answerTimeoutMs: 1000, finishWithinMs: 3000 }

export class EscPosDrawer {
  readonly #options: RawPrinterSettings

  constructor(
    options: RawPrinterOptions,
    readonly pin: DrawerPin,
  ) {
    this.#options = rawPrinterSettings({ ...options, ...DRAWER_LIMITS })
  }

  /** The drawer's switch and the printer's problems, from one status reading. */
  reading(): Promise<DrawerReading> {
    const none = (): DrawerReading => ({ state: 'unknown', problems: ['not-answering'] })
    return overRawLink(this.#options, none, (link) => readDrawer(new EscPosSession(link, this.#options.answerTimeoutMs)).catch(none))
  }

  /** Sends the pulse to a ready printer and waits until it is worked through; DrawerPulseFailed otherwise. */
  pulse(): Promise<void> {
    const unconnected = () => {
      throw new DrawerPulseFailed(['not-answering'], 'no connection to the printer')
    }
    return overRawLink(this.#options, unconnected, async (link) => {
      const session = new EscPosSession(link, this.#options.answerTimeoutMs)
      const before = await readDrawer(session).catch(() => ({ state: 'unknown' as const, problems: ['not-answering' as const] }))
      if (before.problems.length > 0) throw new DrawerPulseFailed(before.problems, `not sent, the printer cannot take it (${before.problems.join(', ')})`)
      await link.write(drawerPulse(this.pin))
      await link.write(GS_R_PAPER)
      const deadline = Date.now() + this.#options.finishWithinMs
      while (!session.through && Date.now() < deadline) {
        const byte = await link.read(this.#options.answerTimeoutMs)
        if (byte !== null && isSequentialAnswer(byte)) session.through = true
      }
      if (!session.through) throw new DrawerPulseFailed(['not-answering'], 'the printer did not report the pulse worked through')
    })
  }
}

async function readDrawer(session: EscPosSession): Promise<DrawerReading> {
  const bytes = await session.status()
  const readiness = readinessOf(escPosProblems(bytes))
  return { state: drawerIsOpen(bytes.printer) ? 'open' : 'closed', problems: readiness.state === 'cannot-print' ? readiness.problems : [] }
}
