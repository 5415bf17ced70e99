import { decodeResponse, encodeRequest, GROUP, groupOf, VALUE, type IppAttribute, type IppValue } from './ipp-codec'

/**
 * The four IPP operations Foyer asks a print server (CUPS, or an IPP
 * Everywhere printer itself) over plain HTTP POST with Node's fetch:
 * Get-Printer-Attributes, Print-Job, Get-Job-Attributes and Cancel-Job
 * (RFC 8011, 4.2 and 4.3). Every request carries the operation attributes the
 * RFC requires first: charset, language, the printer's URI and who asks.
 */
export const OPERATION = { printJob: 0x0002, cancelJob: 0x0008, getJobAttributes: 0x0009, getPrinterAttributes: 0x000b } as const

/** job-state's enum (RFC 8011, 5.3.7). */
export const JOB_STATE = { pending: 3, pendingHeld: 4, processing: 5, processingStopped: 6, canceled: 7, aborted: 8, completed: 9 } as const

export class IppError extends Error {
  override readonly name = 'IppError'
  constructor(
    message: string,
    /** The response's IPP status code, when the server answered in IPP at all. */
    readonly statusCode: number | null,
    /** The server said no to the request (an IPP error status, HTTP 4xx): nothing of it was taken. */
    readonly refused: boolean,
  ) {
    super(message)
  }
}

export interface PrinterAttributes {
  state: number | undefined
  reasons: string[]
  acceptingJobs: boolean | undefined
}

export interface JobAttributes {
  state: number | undefined
  reasons: string[]
  message: string | undefined
}

const USER = 'foyer'
const REQUEST_TIMEOUT_MS = 15_000

/** ipp://host[:631]/path → http://host:631/path; http(s) addresses are taken as they are. */
export function httpAddressOf(uri: string): URL {
  const url = new URL(uri)
  if (url.protocol === 'ipp:' || url.protocol === 'ipps:') {
    const scheme = url.protocol === 'ipps:' ? 'https' : 'http'
    return new URL(`${scheme}://${url.hostname}:${url.port || '631'}${url.pathname}${url.search}`)
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url
  throw new Error(`not a printer address: ${url.protocol}`)
}

const strings = (values: IppValue[] | undefined): string[] => (values ?? []).filter((v): v is string => typeof v === 'string')
const first = <T>(values: IppValue[] | undefined, kind: 'number' | 'boolean' | 'string'): T | undefined =>
  values?.find((v) => typeof v === kind) as T | undefined

export class IppClient {
  readonly #http: URL
  #requestId = 0

  constructor(readonly printerUri: string) {
    this.#http = httpAddressOf(printerUri)
  }

  #operationAttributes(extra: IppAttribute[] = []): IppAttribute[] {
    return [
      { name: 'attributes-charset', tag: VALUE.charset, values: ['utf-8'] },
      { name: 'attributes-natural-language', tag: VALUE.naturalLanguage, values: ['en'] },
      { name: 'printer-uri', tag: VALUE.uri, values: [this.printerUri] },
      { name: 'requesting-user-name', tag: VALUE.nameWithoutLanguage, values: [USER] },
      ...extra,
    ]
  }

  async #send(operation: number, attributes: IppAttribute[], document?: Uint8Array) {
    this.#requestId = (this.#requestId % 0x7fffffff) + 1
    const head = encodeRequest({ operation, requestId: this.#requestId, groups: [{ tag: GROUP.operation, attributes }] })
    const body = document ? Buffer.concat([head, document]) : head
    const answer = await fetch(this.#http, {
      method: 'POST',
      headers: { 'content-type': 'application/ipp' },
      body: new Uint8Array(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    if (!answer.ok) throw new IppError(`the print server answered HTTP ${answer.status}`, null, answer.status >= 400 && answer.status < 500)
    const response = decodeResponse(new Uint8Array(await answer.arrayBuffer()))
    // 0x0000-0x00ff are the successful status codes (RFC 8011, 4.1.6.1).
    if (response.statusCode > 0x00ff) {
      const message = strings(groupOf(response, GROUP.operation).get('status-message'))[0]
      throw new IppError(`the print server refused: status 0x${response.statusCode.toString(16).padStart(4, '0')}${message ? ` (${message})` : ''}`, response.statusCode, true)
    }
    return response
  }

  async printerAttributes(): Promise<PrinterAttributes> {
    const requested = ['printer-state', 'printer-state-reasons', 'printer-is-accepting-jobs']
    const response = await this.#send(OPERATION.getPrinterAttributes, this.#operationAttributes([{ name: 'requested-attributes', tag: VALUE.keyword, values: requested }]))
    const printer = groupOf(response, GROUP.printer)
    return {
      state: first<number>(printer.get('printer-state'), 'number'),
      reasons: strings(printer.get('printer-state-reasons')),
      acceptingJobs: first<boolean>(printer.get('printer-is-accepting-jobs'), 'boolean'),
    }
  }

  /** Sends the PDF as one job; answers the job's id. */
  async printPdf(jobName: string, pdf: Uint8Array): Promise<number> {
    const attributes = this.#operationAttributes([
      { name: 'job-name', tag: VALUE.nameWithoutLanguage, values: [jobName] },
      { name: 'document-format', tag: VALUE.mimeMediaType, values: ['application/pdf'] },
    ])
    const response = await this.#send(OPERATION.printJob, attributes, pdf)
    const jobId = first<number>(groupOf(response, GROUP.job).get('job-id'), 'number')
    if (jobId === undefined) throw new IppError('the print server took the job but gave no job-id', response.statusCode, false)
    return jobId
  }

  async jobAttributes(jobId: number): Promise<JobAttributes> {
    const requested = ['job-state', 'job-state-reasons', 'job-state-message']
    const response = await this.#send(
      OPERATION.getJobAttributes,
      this.#operationAttributes([
        { name: 'job-id', tag: VALUE.integer, values: [jobId] },
        { name: 'requested-attributes', tag: VALUE.keyword, values: requested },
      ]),
    )
    const job = groupOf(response, GROUP.job)
    return { state: first<number>(job.get('job-state'), 'number'), reasons: strings(job.get('job-state-reasons')), message: first<string>(job.get('job-state-message'), 'string') }
  }

  async cancelJob(jobId: number): Promise<void> {
    await this.#send(OPERATION.cancelJob, this.#operationAttributes([{ name: 'job-id', tag: VALUE.integer, values: [jobId] }]))
  }
}
