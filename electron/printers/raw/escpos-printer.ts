import { PrintFailed, readinessOf, type PrintConfirmed, type PrinterPort, type PrinterReadiness } from '../printer-port'
import { DLE_EOT, escPosProblems, GS_R_PAPER, isRealtimeAnswer, isSequentialAnswer, type EscPosStatusBytes } from './escpos-status'
import { overRawLink, rawPrinterSettings, type RawLink, type RawPrinterOptions, type RawPrinterSettings } from './raw-link'
import type { RawDocument } from './ticket-text'

export class NotAnswering extends Error {}

/** One connection's status questions and whether the printer has reported the document through. */
export class EscPosSession {
  through = false
  constructor(
    readonly link: RawLink,
    readonly answerTimeoutMs: number,
  ) {}

  async #answer(n: 1 | 2 | 3 | 4): Promise<number> {
    await this.link.write(DLE_EOT(n))
    for (;;) {
      const byte = await this.link.read(this.answerTimeoutMs)
      if (byte === null) throw new NotAnswering(`no answer to DLE EOT ${n}`)
      if (isRealtimeAnswer(byte)) return byte
      if (isSequentialAnswer(byte)) this.through = true
    }
  }

  async status(): Promise<EscPosStatusBytes> {
    return { printer: await this.#answer(1), offlineCause: await this.#answer(2), errorCause: await this.#answer(3), paper: await this.#answer(4) }
  }
}

/**
 * A network ESC/POS printer spoken to directly on port 9100. Its real-time
 * status (DLE EOT, ./escpos-status.ts) is read before each document, which is
 * not sent when the printer cannot print; after the document Foyer sends
 * GS r 1, which the printer answers only once it has worked through
 * everything before it, so that answer is "printed". While waiting for it the
 * real-time status is asked again: paper out, the cover open or a cutter jam
 * mid-document is a failure at once, in words. The status after is the
 * printer's readiness for the next document (paper near end: paper low).
 */
export class EscPosPrinter implements PrinterPort<RawDocument> {
  readonly name: string
  readonly #options: RawPrinterSettings

  constructor(options: RawPrinterOptions) {
    this.#options = rawPrinterSettings(options)
    this.name = `${options.label} (ESC/POS, ${options.host}:${this.#options.port})`
  }

  /** One connection's talk with the printer, as a session of status questions. */
  #session<T>(none: () => T, talk: (session: EscPosSession) => Promise<T>): Promise<T> {
    return overRawLink(this.#options, none, (link) => talk(new EscPosSession(link, this.#options.answerTimeoutMs)))
  }

  status(): Promise<PrinterReadiness> {
    return this.#session(() => readinessOf(['not-answering']), (session) => this.#readiness(session))
  }

  /** A printer that opens the connection but answers no status is not answering, as one that is not there. */
  async #readiness(session: EscPosSession): Promise<PrinterReadiness> {
    return session.status().then((bytes) => readinessOf(escPosProblems(bytes)), () => readinessOf(['not-answering']))
  }

  print(document: RawDocument): Promise<PrintConfirmed> {
    const unconnected = () => {
      throw new PrintFailed(this.name, 'refused', ['not-answering'], `not sent, no connection to the printer`)
    }
    return this.#session(unconnected, async (session) => {
      try {
        const before = await this.#readiness(session)
        if (before.state === 'cannot-print') throw new PrintFailed(this.name, 'refused', before.problems, `${document.name} not sent, the printer cannot print (${before.problems.join(', ')})`)
        await session.link.write(document.bytes)
        await session.link.write(GS_R_PAPER)
        await this.#awaitThrough(session, document.name)
        return { readiness: readinessOf(escPosProblems(await session.status())) }
      } catch (error) {
        if (error instanceof PrintFailed) throw error
        throw new PrintFailed(this.name, 'unconfirmed', ['not-answering'], `${document.name}: the printer stopped answering (${(error as Error).message})`)
      }
    })
  }

  /** Waits for GS r's answer, asking the real-time status meanwhile; fails once the printer says it cannot go on. */
  async #awaitThrough(session: EscPosSession, documentName: string): Promise<void> {
    const deadline = Date.now() + this.#options.finishWithinMs
    while (!session.through) {
      const byte = await session.link.read(this.#options.pollMs)
      if (byte !== null) {
        if (isSequentialAnswer(byte)) session.through = true
        continue
      }
      const now = readinessOf(escPosProblems(await session.status()))
      if (session.through) return
      if (now.state === 'cannot-print') throw new PrintFailed(this.name, 'not-printed', now.problems, `${documentName} was not printed: ${now.problems.join(', ')}`)
      if (Date.now() > deadline) throw new PrintFailed(this.name, 'unconfirmed', ['not-answering'], `${documentName} was not reported printed in time`)
    }
  }
}
