import { Socket } from 'node:net'

/**
 * A raw TCP connection to a network printer's port 9100 (JetDirect / "raw"),
 * as thermal receipt and ticket printers take documents. Bytes go out as
 * they are; what the printer says back (status bytes) is queued and read one
 * at a time, each read with a time limit, so a silent printer never holds a
 * sale.
 */
export const RAW_PORT = 9100

/** How a raw printer (ESC/POS or Boca FGL) is reached and how long Foyer waits on it. */
export interface RawPrinterOptions {
  host: string
  port?: number
  /** What staff call it: "Counter 2 receipt printer". */
  label: string
  connectTimeoutMs?: number
  /** How long one status byte may take to come back; default 2 s. */
  answerTimeoutMs?: number
  /** How often the status is asked while a document prints; default 500 ms. */
  pollMs?: number
  /** How long a document may take to print; default 60 s. */
  finishWithinMs?: number
}

export type RawPrinterSettings = Required<Omit<RawPrinterOptions, 'label'>>

/** The options with every default filled in, the same for either language. */
export function rawPrinterSettings(options: RawPrinterOptions): RawPrinterSettings {
  return { port: RAW_PORT, connectTimeoutMs: 3000, answerTimeoutMs: 2000, pollMs: 500, finishWithinMs: 60_000, ...options }
}

export class RawLink {
  readonly #socket: Socket
  readonly #received: number[] = []
  #waiter: ((byte: number | null) => void) | null = null
  #closed = false

  private constructor(socket: Socket) {
    this.#socket = socket
    socket.on('data', (chunk: Buffer) => {
      for (const byte of chunk) this.#received.push(byte)
      this.#wake()
    })
    socket.on('close', () => {
      this.#closed = true
      this.#wake()
    })
    socket.on('error', () => {})
  }

  /** Connects, or rejects once the printer does not take the connection within the time. */
  static open(host: string, port: number, timeoutMs: number): Promise<RawLink> {
    return new Promise((resolve, reject) => {
      const socket = new Socket()
      const fail = (error: Error) => {
        socket.destroy()
        reject(error)
      }
      socket.setTimeout(timeoutMs, () => fail(new Error(`no connection to ${host}:${port} within ${timeoutMs} ms`)))
      socket.once('error', fail)
      socket.connect(port, host, () => {
        socket.setTimeout(0)
        socket.off('error', fail)
        socket.setNoDelay(true)
        resolve(new RawLink(socket))
      })
    })
  }

  write(bytes: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => this.#socket.write(bytes, (error) => (error ? reject(error) : resolve())))
  }

  /** The next byte the printer sent, or null when none came within the time (or the connection closed). */
  read(timeoutMs: number): Promise<number | null> {
    const queued = this.#received.shift()
    if (queued !== undefined) return Promise.resolve(queued)
    if (this.#closed) return Promise.resolve(null)
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiter = null
        resolve(null)
      }, timeoutMs)
      this.#waiter = (byte) => {
        clearTimeout(timer)
        this.#waiter = null
        resolve(byte)
      }
    })
  }

  #wake(): void {
    if (!this.#waiter) return
    const byte = this.#received.shift()
    if (byte !== undefined) this.#waiter(byte)
    else if (this.#closed) this.#waiter(null)
  }

  close(): Promise<void> {
    if (this.#closed) return Promise.resolve()
    return new Promise((resolve) => {
      this.#socket.once('close', () => resolve())
      this.#socket.end()
      // A printer that never closes its side is not waited for.
      setTimeout(() => {
        this.#socket.destroy()
        resolve()
      }, 1000).unref()
    })
  }
}

/**
 * Connects, talks over the link and closes it, however the talk ends; a
 * printer that does not take the connection is answered by `none` instead.
 */
export async function overRawLink<T>(settings: RawPrinterSettings, none: () => T, talk: (link: RawLink) => Promise<T>): Promise<T> {
  const link = await RawLink.open(settings.host, settings.port, settings.connectTimeoutMs).catch(() => null)
  if (!link) return none()
  try {
    return await talk(link)
  } finally {
    await link.close()
  }
}
