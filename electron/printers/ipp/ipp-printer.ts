import { setTimeout as sleep } from 'node:timers/promises'
import { PrintFailed, readinessOf, type PrintConfirmed, type PrinterPort, type PrinterProblem, type PrinterReadiness } from '../printer-port'
import { IppClient, IppError, JOB_STATE, type JobAttributes } from './ipp-client'
import { printerProblems, problemsOfReasons } from './ipp-reasons'

/**
 * A printer behind a print server, asked over IPP: CUPS on Linux and macOS
 * (ipp://localhost:631/printers/<queue>), or an IPP Everywhere printer itself.
 * Before printing it asks the printer's state; after, it follows the job
 * until the server says completed, and only then is the document printed.
 * A job that cannot finish (out of paper, jammed, cancelled, aborted) is a
 * failure saying why; one Foyer gives up on is cancelled, so it does not come
 * out later on its own beside the reprint staff make.
 */
export interface PdfDocument {
  /** The job's name at the print server: the document's name, e.g. "<reference>-ticket-01". */
  name: string
  pdf: Uint8Array
}

export interface IppPrinterOptions {
  /** The printer's IPP address, e.g. ipp://localhost:631/printers/BOCA. */
  uri: string
  /** What staff call it: "Lobby ticket printer". */
  label: string
  /** How often the job is asked after; default 500 ms. */
  pollMs?: number
  /** How long a job may take before Foyer gives up on it; default 2 minutes (a ticket takes seconds). */
  finishWithinMs?: number
}

/** Why a job ended without being printed, when the printer itself gives no reason. */
const UNFINISHED: Record<number, string> = {
  [JOB_STATE.canceled]: 'the job was cancelled at the print server',
  [JOB_STATE.aborted]: 'the print server aborted the job',
  [JOB_STATE.processingStopped]: 'the job stopped at the print server',
}

export class IppPrinter implements PrinterPort<PdfDocument> {
  readonly name: string
  readonly #client: IppClient
  readonly #pollMs: number
  readonly #finishWithinMs: number

  constructor(options: IppPrinterOptions) {
    this.#client = new IppClient(options.uri)
    const address = new URL(options.uri)
    this.name = `${options.label} (IPP, ${address.host})`
    this.#pollMs = options.pollMs ?? 500
    this.#finishWithinMs = options.finishWithinMs ?? 120_000
  }

  async status(): Promise<PrinterReadiness> {
    return readinessOf(await this.#problems())
  }

  async #problems(): Promise<PrinterProblem[]> {
    try {
      const printer = await this.#client.printerAttributes()
      return printerProblems(printer.state, printer.reasons, printer.acceptingJobs)
    } catch (error) {
      // A print server that answers with a refusal (a queue it does not know, one it will not serve) takes no
      // jobs for this printer; nothing at the address, or nothing that speaks IPP, is not answering.
      return error instanceof IppError && error.refused ? ['refusing-jobs'] : ['not-answering']
    }
  }

  async print(document: PdfDocument): Promise<PrintConfirmed> {
    const before = await this.status()
    if (before.state === 'cannot-print') throw new PrintFailed(this.name, 'refused', before.problems, `${document.name} not sent, the printer cannot print (${before.problems.join(', ')})`)
    let jobId: number
    try {
      jobId = await this.#client.printPdf(document.name, document.pdf)
    } catch (error) {
      // Refused in so many words, the job is not there; a connection lost on the way may have delivered it all the same.
      if (error instanceof IppError && error.refused) {
        throw new PrintFailed(this.name, 'refused', ['refusing-jobs'], `the print server did not take ${document.name}: ${error.message}`)
      }
      throw new PrintFailed(this.name, 'unconfirmed', ['not-answering'], `${document.name} may or may not have reached the print server: ${(error as Error).message}`)
    }
    return this.awaitJob(jobId, document.name)
  }

  /**
   * Asks after a job sent earlier until it completed; any other end, or the
   * printer unable to go on, fails (and the job is cancelled). Also for a job
   * sent before Foyer restarted, by the id kept with the sale.
   */
  async awaitJob(jobId: number, documentName: string): Promise<PrintConfirmed> {
    await this.#follow(jobId, documentName)
    return { readiness: await this.status(), jobId }
  }

  async #follow(jobId: number, documentName: string): Promise<void> {
    const deadline = Date.now() + this.#finishWithinMs
    for (;;) {
      const job = await this.#job(jobId)
      if (job?.state === JOB_STATE.completed) return
      const stuck = job ? await this.#stuck(job) : null
      if (stuck) {
        await this.#cancel(jobId)
        throw new PrintFailed(this.name, 'not-printed', stuck.problems, `${documentName} (job ${jobId}) was not printed: ${stuck.why}`)
      }
      if (Date.now() > deadline) {
        await this.#cancel(jobId)
        const problems = await this.#problems()
        throw new PrintFailed(this.name, 'unconfirmed', problems.length ? problems : ['not-answering'], `${documentName} (job ${jobId}) was not reported printed in time; cancelled`)
      }
      await sleep(this.#pollMs)
    }
  }

  async #job(jobId: number): Promise<JobAttributes | null> {
    // A print server that stops answering mid-job is followed until the deadline: it may answer again.
    return this.#client.jobAttributes(jobId).catch(() => null)
  }

  /** Why a job that has not completed will not, or null while it may yet. */
  async #stuck(job: JobAttributes): Promise<{ problems: PrinterProblem[]; why: string } | null> {
    const ended = job.state !== undefined ? UNFINISHED[job.state] : undefined
    // A print server that misses one answer mid-job is not yet a failure: the deadline covers one that stays away.
    const printer = (await this.#problems()).filter((problem) => problem !== 'not-answering')
    const blocking = readinessOf([...problemsOfReasons(job.reasons), ...printer])
    if (ended) return { problems: blocking.state === 'cannot-print' ? blocking.problems : ['printer-fault'], why: job.message ? `${ended} (${job.message})` : ended }
    if (blocking.state === 'cannot-print') return { problems: blocking.problems, why: `the printer cannot go on (${blocking.problems.join(', ')})` }
    return null
  }

  async #cancel(jobId: number): Promise<void> {
    // Best effort: a job already ended cannot be cancelled, and that is the point reached anyway.
    await this.#client.cancelJob(jobId).catch(() => {})
  }
}
