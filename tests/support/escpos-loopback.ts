import type { Socket } from 'node:net'
import { listenLoopback } from './loopback-tcp'
import { nextCommand } from './escpos-decode'

/**
 * A network ESC/POS printer on loopback for the tests: it keeps every byte
 * it printed and answers as Epson's ESC/POS reference says. DLE EOT n (real
 * time) is answered on arrival, whatever the printer's state; everything else
 * is worked through in order only while the printer can print (paper in,
 * cover closed, cutter free), and GS r 1 is answered when it is reached. The
 * tests switch paper (near end, out), the cover and a cutter jam, and can let
 * the paper run out after so many printed bytes (mid-document).
 *
 * A cash drawer hangs off its drawer port: a pulse (ESC p) worked through
 * springs it open, as a real drawer does, and DLE EOT 1 reports it open (bit
 * 2, pin 3 high) until the test closes it, as a cashier pushes it shut.
 * `drawerWired: false` is a printer with nothing on its port.
 */
export interface EscPosPrinterState {
  paper: 'ok' | 'near-end' | 'out'
  coverOpen: boolean
  cutterJam: boolean
  drawerOpen: boolean
  drawerWired: boolean
}

export interface EscPosLoopback {
  host: string
  port: number
  /** The bytes printed so far (status requests left out), in order. */
  printed(): Uint8Array
  /** The bytes received and held, not printed, while the printer cannot print. */
  held(): number
  set(state: Partial<EscPosPrinterState>): void
  /** The drawer pulses worked through, in order, each with where in printed() it came. */
  pulses(): { pin: 2 | 5; at: number }[]
  /** The paper runs out once this many more bytes are printed. */
  runOutAfter(bytes: number): void
  close(): Promise<void>
}

interface Connection {
  socket: Socket
  input: number[]
  queue: Uint8Array[]
  codepage: number
}

const FIXED = 0x12

function realtimeAnswer(state: EscPosPrinterState, n: number): number {
  const out = state.paper === 'out'
  const offline = out || state.coverOpen || state.cutterJam
  if (n === 1) return FIXED | (offline ? 0x08 : 0) | (state.drawerOpen ? 0x04 : 0)
  if (n === 2) return FIXED | (state.coverOpen ? 0x04 : 0) | (out ? 0x20 : 0) | (state.cutterJam ? 0x40 : 0)
  if (n === 3) return FIXED | (state.cutterJam ? 0x08 : 0)
  return FIXED | (out ? 0x6c : state.paper === 'near-end' ? 0x0c : 0)
}

export async function startEscPosLoopback(): Promise<EscPosLoopback> {
  const state: EscPosPrinterState = { paper: 'ok', coverOpen: false, cutterJam: false, drawerOpen: false, drawerWired: true }
  const printed: number[] = []
  const pulses: { pin: 2 | 5; at: number }[] = []
  const connections = new Set<Connection>()
  let runOutAt: number | null = null
  const canPrint = () => state.paper !== 'out' && !state.coverOpen && !state.cutterJam

  const work = (connection: Connection) => {
    while (canPrint() && connection.queue.length > 0) {
      const command = connection.queue[0]!
      if (command[0] === 0x1d && command[1] === 0x72) {
        connection.socket.write(Buffer.from([state.paper === 'near-end' ? 0x03 : 0x00]))
        connection.queue.shift()
        continue
      }
      if (command[0] === 0x1b && command[1] === 0x70) {
        pulses.push({ pin: (command[2]! & 1) === 0 ? 2 : 5, at: printed.length })
        if (state.drawerWired) state.drawerOpen = true
      }
      // The paper can run out in the middle of a command's worth of text: the rest stays held.
      const room = runOutAt === null ? command.length : Math.min(command.length, runOutAt - printed.length)
      printed.push(...command.subarray(0, room))
      connection.queue[0] = command.subarray(room)
      if (runOutAt !== null && printed.length >= runOutAt) {
        state.paper = 'out'
        runOutAt = null
      }
      if (connection.queue[0].length === 0) connection.queue.shift()
    }
  }

  const receive = (connection: Connection, chunk: Buffer) => {
    connection.input.push(...chunk)
    const bytes = Uint8Array.from(connection.input)
    let at = 0
    for (;;) {
      if (at >= bytes.length) break
      const parsed = nextCommand(bytes, at, connection.codepage)
      if (!parsed) break
      const command = bytes.slice(at, at + parsed.length)
      if (parsed.command.kind === 'realtime-status') connection.socket.write(Buffer.from([realtimeAnswer(state, parsed.command.n)]))
      else connection.queue.push(command)
      if (parsed.command.kind === 'codepage') connection.codepage = parsed.command.n
      at += parsed.length
    }
    connection.input = Array.from(bytes.subarray(at))
    work(connection)
  }

  const server = await listenLoopback((socket) => {
    const connection: Connection = { socket, input: [], queue: [], codepage: 0 }
    connections.add(connection)
    socket.on('data', (chunk: Buffer) => receive(connection, chunk))
    socket.on('close', () => connections.delete(connection))
  })
  return {
    host: server.host,
    port: server.port,
    printed: () => Uint8Array.from(printed),
    pulses: () => pulses.map((pulse) => ({ ...pulse })),
    held: () => [...connections].reduce((sum, c) => sum + c.queue.reduce((n, q) => n + q.length, 0), 0),
    set(next) {
      Object.assign(state, next)
      for (const connection of connections) work(connection)
    },
    runOutAfter(bytes) {
      runOutAt = printed.length + bytes
    },
    close: server.close,
  }
}
