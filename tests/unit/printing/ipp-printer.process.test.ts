import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { IppClient, JOB_STATE } from '../../../electron/printers/ipp/ipp-client'
import { IppPrinter } from '../../../electron/printers/ipp/ipp-printer'
import { startIppEvePrinter, type TestIppPrinter } from '../../support/ippeveprinter'
import { pdfText } from '../../support/pdf-text'
import { printFailure } from '../../support/print-failure'
import { textPdf } from '../../../electron/printers/text-pdf'
import { OsQueue } from '../../../electron/printers/os-queue'
import { OsQueuePrinter } from '../../../electron/printing/os-queue-printer'
import { choosePrinter } from '../../../electron/services/printer-service'

/**
 * The IPP port against a real IPP Everywhere printer (CUPS's ippeveprinter on
 * loopback): its state read as the box office says it, a PDF printed and found
 * in the printer's spool with its words, and paper out refused or not
 * finished, in words. A process of its own, so in the integration project.
 */
let printer: TestIppPrinter
let port: IppPrinter

beforeAll(async () => {
  printer = await startIppEvePrinter()
  port = new IppPrinter({ uri: printer.uri, label: 'Lobby ticket printer', pollMs: 100 })
})
afterAll(() => printer?.stop())
beforeEach(() => printer.setPaper(250))

/** The job's state once it has ended (a cancelled job in processing stops at the printer's next step). */
async function endOf(client: IppClient, jobId: number): Promise<number | undefined> {
  for (let tries = 0; tries < 300; tries++) {
    const { state } = await client.jobAttributes(jobId)
    if (state !== undefined && state >= JOB_STATE.canceled) return state
    await sleep(100)
  }
  return (await client.jobAttributes(jobId)).state
}

describe('IPP printer port against ippeveprinter', () => {
  it('has a name staff can read', () => {
    expect(port.name).toMatch(/^Lobby ticket printer \(IPP, localhost:\d+\)$/)
  })

  it('a printer with paper is ready', async () => {
    expect(await port.status()).toEqual({ state: 'ready' })
  })

  it('a tray nearly empty is paper low, still printing', async () => {
    await printer.setPaper(5)
    expect(await port.status()).toEqual({ state: 'paper-low', problems: ['paper-low'] })
  })

  it('paper out is cannot print: no paper', async () => {
    await printer.setPaper(0)
    expect(await port.status()).toEqual({ state: 'cannot-print', problems: ['no-paper'] })
  })

  it('a PDF is printed once the job completed, and the printer holds it with its words', async () => {
    const printed = await port.print({ name: 'FOYER-ABC123-ticket-01', pdf: textPdf(['Grand Theatre', 'Stalls Centre Row C Seat 11', 'FOYER-ABC123']) })
    expect(printed.readiness).toEqual({ state: 'ready' })
    expect(printed.jobId).toBeGreaterThan(0)
    const job = await new IppClient(printer.uri).jobAttributes(printed.jobId!)
    expect(job.state).toBe(JOB_STATE.completed)
    const files = await printer.spooled()
    // ippeveprinter names the spooled file "<job id>-<job name in lower case>.pdf".
    const file = files.find((name) => name === `${printed.jobId}-foyer-abc123-ticket-01.pdf`)
    expect(file, files.join(', ')).toBeDefined()
    const { text } = await pdfText(join(printer.spoolDir, file!))
    expect(text).toContain('Stalls Centre Row C Seat 11')
    expect(text).toContain('FOYER-ABC123')
  })

  it('paper out: nothing is sent, and the failure says why', async () => {
    await printer.setPaper(0)
    const before = await printer.spooled()
    const error = await printFailure(port.print({ name: 'FOYER-OUT-ticket-01', pdf: textPdf(['never printed']) }))
    expect(error.stage).toBe('refused')
    expect(error.problems).toEqual(['no-paper'])
    expect(error.message).toMatch(/^Lobby ticket printer \(IPP, localhost:\d+\): FOYER-OUT-ticket-01 not sent, the printer cannot print \(no-paper\)$/)
    expect(await printer.spooled()).toEqual(before)
  })

  it('a job the printer cannot finish for want of paper is not printed, and is cancelled', async () => {
    // The paper runs out after the job was sent: the printer takes it and waits for paper.
    await printer.setPaper(0)
    const client = new IppClient(printer.uri)
    const jobId = await client.printPdf('FOYER-MID-ticket-02', textPdf(['second ticket']))
    const error = await printFailure(port.awaitJob(jobId, 'FOYER-MID-ticket-02'))
    expect(error.stage).toBe('not-printed')
    expect(error.problems).toEqual(['no-paper'])
    expect(error.message).toContain('FOYER-MID-ticket-02')
    // Paper loaded again: the job does not come out on its own beside the reprint.
    await printer.setPaper(250)
    expect(await endOf(client, jobId)).toBe(JOB_STATE.canceled)
  })

  it('a queue the print server does not know is cannot print: not taking jobs, not "not answering"', async () => {
    const unknown = new IppPrinter({ uri: printer.uri.replace('/ipp/print', '/ipp/no-such-queue'), label: 'Misspelt queue' })
    expect(await unknown.status()).toEqual({ state: 'cannot-print', problems: ['refusing-jobs'] })
    // Refused in IPP's words (client-error-not-found): the job was not taken, so it is safe to print elsewhere.
    const refusal = await new IppClient(printer.uri.replace('/ipp/print', '/ipp/no-such-queue')).printPdf('x', textPdf(['x'])).catch((e: unknown) => e)
    expect(refusal).toMatchObject({ name: 'IppError', statusCode: 0x0406, refused: true })
  })

  it('nothing at the address is cannot print: not answering', async () => {
    const nowhere = new IppPrinter({ uri: 'ipp://localhost:9/ipp/print', label: 'Unplugged' })
    expect(await nowhere.status()).toEqual({ state: 'cannot-print', problems: ['not-answering'] })
    expect((await printFailure(nowhere.print({ name: 'x', pdf: textPdf(['x']) }))).stage).toBe('refused')
  })
})

/**
 * The system printer (#24: a printer with its driver in the OS queue) is asked through the print system, not
 * the job callback: where CUPS runs, its queue over IPP — here ippeveprinter stands for the CUPS queue the OS
 * lists (on a real machine, ipp://localhost/printers/<queue>, with the default from `lpstat -d`).
 */
describe('the system printer through CUPS', () => {
  const cupsList = (isDefault = true) => async () => [{ system: 'cups' as const, name: 'Foyer_Lobby', isDefault, uri: printer.uri }]
  const systemPrinter = (list = cupsList()) =>
    new OsQueuePrinter({
      queue: new OsQueue({ list, deviceName: null, label: 'Ticket printer', pollMs: 100 }),
      spool: { name: 'never', print: () => Promise.reject(new Error('the CUPS queue prints through IPP, not the host’s silent print')) },
      render: async (doc) => textPdf([doc.name, 'Stalls Centre Row D Seat 4']),
    })

  it('is asked before a customer starts: paper out at the queue is cannot print, no paper; as a chosen printer of kind system', async () => {
    const system = systemPrinter()
    const askable = choosePrinter(() => ({ kind: 'system' }), undefined, system)()
    expect(askable).toMatchObject({ kind: 'system', chosen: system })
    expect(await askable!.chosen.status()).toEqual({ state: 'ready' })
    await printer.setPaper(0)
    expect(await askable!.chosen.status()).toEqual({ state: 'cannot-print', problems: ['no-paper'] })
  })

  it('a document is printed once CUPS says the job completed, and paper out sends nothing', async () => {
    const system = systemPrinter()
    const printed = await system.print({ name: 'FOYER-SYS-ticket-01', html: '<p>ticket</p>' })
    expect(printed.pdf).toBeDefined()
    expect(await printer.spooled()).toContainEqual(expect.stringMatching(/-foyer-sys-ticket-01\.pdf$/))
    await printer.setPaper(0)
    const error = await printFailure(system.print({ name: 'FOYER-SYS-ticket-02', html: '<p>ticket</p>' }))
    expect([error.stage, error.problems]).toEqual(['refused', ['no-paper']])
  })

  it('no default printer set (or none installed) is not answering, never ready', async () => {
    expect(await systemPrinter(cupsList(false)).status()).toEqual({ state: 'cannot-print', problems: ['not-answering'] })
    const unreadable = systemPrinter(() => Promise.reject(new Error('lpstat: not found')))
    expect(await unreadable.status()).toEqual({ state: 'cannot-print', problems: ['not-answering'] })
  })
})
