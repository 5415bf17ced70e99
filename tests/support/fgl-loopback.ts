import type { Socket } from 'node:net'
import { listenLoopback } from './loopback-tcp'
import { FGL } from '../../electron/printers/raw/fgl-status'

/**
 * A Boca FGL ticket printer on loopback for the tests, in FGL's normal status
 * mode as Boca's "Printer Status Operation Modes" note describes it: each
 * change of state is sent once, unasked (kept for the next connection when
 * nobody is connected, as the printer keeps it in its output buffer); <S1> is
 * answered X-ON only while ready; each ticket (<p>) is printed and answered
 * ACK, or held when the printer cannot print. Out of paper, low paper and a
 * jam are switchable; the paper can run out after so many tickets.
 */
export interface FglTicketPrinted {
  /** Each text field: where it was placed (<RCrow,col>) and what it said. */
  texts: { row: number; col: number; text: string }[]
  qrCodes: string[]
}

export interface FglLoopback {
  host: string
  port: number
  printed(): FglTicketPrinted[]
  set(state: { paper?: 'ok' | 'low' | 'out'; jam?: boolean }): void
  runOutAfter(tickets: number): void
  close(): Promise<void>
}

/** Reads FGL text into tickets, split at <p>: the fields placed by <RC> and the QR codes' data. Strict: an unknown command throws. */
export function decodeFgl(source: string): { tickets: FglTicketPrinted[]; statusRequests: number } {
  const tickets: FglTicketPrinted[] = []
  let current: FglTicketPrinted = { texts: [], qrCodes: [] }
  let place = { row: 0, col: 0 }
  let statusRequests = 0
  for (let at = 0; at < source.length; ) {
    if (source[at] !== '<') {
      const end = source.indexOf('<', at) === -1 ? source.length : source.indexOf('<', at)
      current.texts.push({ ...place, text: source.slice(at, end) })
      at = end
      continue
    }
    const close = source.indexOf('>', at)
    if (close === -1) throw new Error(`FGL command not closed at ${at}`)
    const command = source.slice(at + 1, close)
    at = close + 1
    const rc = /^RC(\d+),(\d+)$/.exec(command)
    if (rc) place = { row: Number(rc[1]), col: Number(rc[2]) }
    else if (command === 'S1') statusRequests++
    else if (command === 'p') {
      tickets.push(current)
      current = { texts: [], qrCodes: [] }
    } else if (command.startsWith('QR')) {
      const end = source.indexOf('}', at)
      if (source[at] !== '{' || end === -1) throw new Error(`FGL QR code without {data} at ${at}`)
      current.qrCodes.push(source.slice(at + 1, end))
      at = end + 1
    } else if (!/^(F\d+|HW\d+,\d+)$/.test(command)) throw new Error(`unknown FGL command <${command}>`)
  }
  return { tickets, statusRequests }
}

export async function startFglLoopback(): Promise<FglLoopback> {
  const state = { paper: 'ok' as 'ok' | 'low' | 'out', jam: false }
  const printed: FglTicketPrinted[] = []
  const sockets = new Set<Socket>()
  let outbox: number[] = []
  let ticketsLeft: number | null = null
  const ready = () => state.paper !== 'out' && !state.jam
  // Unasked status goes to whoever is connected, or waits in the printer's buffer for the next connection.
  const tell = (byte: number) => {
    const [socket] = sockets
    if (socket) socket.write(Buffer.from([byte]))
    else outbox.push(byte)
  }
  const printTicket = (source: string) => {
    const [ticket] = decodeFgl(source).tickets
    if (!ready() || !ticket) return
    if (ticketsLeft === 0) {
      state.paper = 'out'
      tell(FGL.outOfPaper)
      return
    }
    printed.push(ticket)
    if (ticketsLeft !== null) ticketsLeft--
    tell(FGL.ticketAck)
  }
  const server = await listenLoopback((socket) => {
    sockets.add(socket)
    if (outbox.length) socket.write(Buffer.from(outbox))
    outbox = []
    let input = ''
    socket.on('data', (chunk: Buffer) => {
      input += chunk.toString('latin1')
      for (;;) {
        const [s1, p] = [input.indexOf('<S1>'), input.indexOf('<p>')]
        if (s1 === -1 && p === -1) break
        if (s1 !== -1 && (p === -1 || s1 < p)) {
          input = input.slice(0, s1) + input.slice(s1 + 4)
          if (ready()) tell(FGL.xOn)
          continue
        }
        printTicket(input.slice(0, p + 3))
        input = input.slice(p + 3)
      }
    })
    socket.on('close', () => sockets.delete(socket))
  })
  return {
    host: server.host,
    port: server.port,
    printed: () => [...printed],
    set(next) {
      const was = { ...state }
      Object.assign(state, next)
      if (state.paper !== was.paper) tell(state.paper === 'out' ? FGL.outOfPaper : state.paper === 'low' ? FGL.lowPaper : FGL.paperLoadedPath1)
      if (state.jam && !was.jam) tell(FGL.paperJam)
      if (ready() && (was.paper === 'out' || was.jam)) tell(FGL.xOn)
    },
    runOutAfter(tickets) {
      ticketsLeft = tickets
    },
    close: server.close,
  }
}
