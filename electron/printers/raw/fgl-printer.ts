import { PrintFailed, readinessOf, stopsPrinting, type PrintConfirmed, type PrinterPort, type PrinterReadiness } from '../printer-port'
import { FGL_STATUS_REQUEST, FglStatus } from './fgl-status'
import { overRawLink, rawPrinterSettings, type RawLink, type RawPrinterOptions, type RawPrinterSettings } from './raw-link'
import type { RawDocument } from './ticket-text'

/**
 * A Boca ticket printer spoken to in FGL on port 9100, in its normal status
 * mode (./fgl-status.ts). Before each ticket Foyer reads what the printer has
 * sent and asks <S1>: X-ON is ready; no X-ON, and the bytes before it say why
 * (out of paper, jam), or it is not answering. A ticket is printed when the
 * printer sends ACK for it, as pretixprint waits for (a document of several
 * tickets, when every one has its ACK); OUT OF PAPER, a jam or a refusal
 * first is a failure in words. What comes after (LOW PAPER) and a
 * second <S1> give the readiness for the next ticket.
 */
const ASCII = (text: string) => Buffer.from(text, 'latin1')

export class FglPrinter implements PrinterPort<RawDocument> {
  readonly name: string
  readonly #options: RawPrinterSettings
  /** What the printer has said, kept across connections: it says each change only once. */
  readonly #status = new FglStatus()

  constructor(options: RawPrinterOptions) {
    this.#options = rawPrinterSettings(options)
    this.name = `${options.label} (Boca FGL, ${options.host}:${this.#options.port})`
  }

  status(): Promise<PrinterReadiness> {
    return overRawLink(this.#options, () => readinessOf(['not-answering']), (link) => this.#ask(link))
  }

  /**
   * Sends <S1> and reads until X-ON (ready). A printer that falls silent
   * instead is not ready, and why is what it said: it says each change once,
   * to whoever reads it then, so the port keeps what it heard until X-ON.
   */
  async #ask(link: RawLink): Promise<PrinterReadiness> {
    await link.write(ASCII(FGL_STATUS_REQUEST))
    for (;;) {
      const byte = await link.read(this.#options.answerTimeoutMs)
      if (byte === null) break
      if (this.#status.take(byte) === 'ready') return readinessOf([...this.#status.problems])
    }
    const heard = [...this.#status.problems]
    return readinessOf(heard.some(stopsPrinting) ? heard : [...heard, 'not-answering'])
  }

  print(document: RawDocument): Promise<PrintConfirmed> {
    const unconnected = () => {
      throw new PrintFailed(this.name, 'refused', ['not-answering'], `${document.name} not sent, no connection to the printer`)
    }
    return overRawLink(this.#options, unconnected, async (link) => {
      try {
        const before = await this.#ask(link)
        if (before.state === 'cannot-print') throw new PrintFailed(this.name, 'refused', before.problems, `${document.name} not sent, the printer cannot print (${before.problems.join(', ')})`)
        await link.write(document.bytes)
        for (let ticket = 0; ticket < (document.tickets ?? 1); ticket++) await this.#awaitAck(link, document.name)
        return { readiness: await this.#ask(link) }
      } catch (error) {
        if (error instanceof PrintFailed) throw error
        throw new PrintFailed(this.name, 'unconfirmed', ['not-answering'], `${document.name}: the connection to the printer failed (${(error as Error).message})`)
      }
    })
  }

  /** Reads the printer's bytes until the ticket's ACK; a problem or refusal first fails in words. */
  async #awaitAck(link: RawLink, documentName: string): Promise<void> {
    const deadline = Date.now() + this.#options.finishWithinMs
    while (Date.now() <= deadline) {
      const byte = await link.read(this.#options.pollMs)
      if (byte === null) continue
      const event = this.#status.take(byte)
      if (event === 'printed') return
      if (event === 'refused') throw new PrintFailed(this.name, 'not-printed', ['printer-fault'], `${documentName} was refused by the printer (status 0x${byte.toString(16)})`)
      const stopped = readinessOf([...this.#status.problems])
      if (stopped.state === 'cannot-print') throw new PrintFailed(this.name, 'not-printed', stopped.problems, `${documentName} was not printed: ${stopped.problems.join(', ')}`)
    }
    throw new PrintFailed(this.name, 'unconfirmed', ['not-answering'], `${documentName}: the printer did not say the ticket was printed`)
  }
}
