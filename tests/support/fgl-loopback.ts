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
 * jam are switchable; the paper can run out after so many tickets. Graphics
 * (<Gn> and n bytes of dot columns) are read as the binary they are, so an
 * image's bytes that look like a command are never taken for one.
 */
export interface FglTicketPrinted {
  /** Each text field: where it was placed (<RCrow,col>) and what it said. */
  texts: { row: number; col: number; text: string }[]
  qrCodes: string[]
  /** Each graphic: where it was placed and its dot columns (8 rows each, the top row in the high bit). */
  graphics: { row: number; col: number; columns: Uint8Array }[]
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
  let current: FglTicketPrinted = { texts: [], qrCodes: [], graphics: [] }
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
      current = { texts: [], qrCodes: [], graphics: [] }
    } else if (/^G\d+$/.test(command)) {
      const length = Number(command.slice(1))
      current.graphics.push({ ...place, columns: Buffer.from(source.slice(at, at + length), 'latin1') })
      at += length
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
    let ticket = ''
    /** Takes the next whole command (or text) off the input; false while it has not all arrived. */
    const take = (): boolean => {
      const lt = input.indexOf('<')
      if (lt !== 0) {
        if (lt === -1) return false
        ticket += input.slice(0, lt)
        input = input.slice(lt)
        return true
      }
      const gt = input.indexOf('>')
      if (gt === -1) return false
      const command = input.slice(1, gt)
      const end = gt + 1 + (/^G\d+$/.test(command) ? Number(command.slice(1)) : 0)
      if (input.length < end) return false
      const piece = input.slice(0, end)
      input = input.slice(end)
      if (command === 'S1') {
        if (ready()) tell(FGL.xOn)
        return true
      }
      ticket += piece
      if (command === 'p') {
        printTicket(ticket)
        ticket = ''
      }
      return true
    }
    socket.on('data', (chunk: Buffer) => {
      input += chunk.toString('latin1')
      while (take());
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
