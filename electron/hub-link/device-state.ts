import { statfs } from 'node:fs/promises'
import type { Heartbeat } from '../../hub/protocol'

type PrinterState = Heartbeat['printer']
import type { z } from 'zod'
import type { AppMode, BackendKind, PrinterStateView } from '../contract'
import type { terminalStateSchema } from '../contract/checkout-channels'

type TerminalCheckState = z.infer<typeof terminalStateSchema>

/**
 * What a heartbeat says of the device, in the protocol's words (hub/protocol/heartbeat.ts), from the
 * words Foyer uses for them: the backend, the screen the renderer shows, the card terminal's and the
 * printer's states.
 */
export function backendWord(backend: BackendKind): Heartbeat['backend'] {
  return backend === 'sandbox' ? 'training' : backend
}

/** The router's screen names (renderer/src/router.ts), as what the device is doing. */
export function screenWord(screen: string | null, paying: boolean): Heartbeat['screen'] {
  if (paying) return 'at-terminal'
  switch (screen) {
    case null:
    case 'attract':
    case 'counter-sign-in':
      return 'attract'
    case 'staff':
    case 'admin':
    case 'shift':
      return 'staff'
    case 'checkout':
      return 'at-terminal'
    case 'done':
      return 'printing'
    default:
      return 'selling'
  }
}

/** The terminal's answer to "can you take a card now"; null: no card terminal is set up (cash only). */
export function terminalWord(state: TerminalCheckState | null): Heartbeat['terminal']['state'] {
  switch (state) {
    case null:
      return 'not-set-up'
    case 'ready':
    case 'busy':
      return state
    case 'untrusted':
    case 'wrong-terminal':
      return 'not-trusted'
    case 'key-refused':
      return 'key-refused'
    default:
      return 'not-answering'
  }
}

export function printerWord(view: PrinterStateView): PrinterState {
  if (view.state === 'ready') return { state: 'ready' }
  const problems = view.problems.slice(0, 10)
  if (view.state === 'paper-low') return { state: 'paper-low', problems }
  return { state: 'cannot-print', problems: problems.length > 0 ? problems : ['printer-fault'] }
}

/** Free bytes on the disk holding the data folder (the system's temporary folder when there is none). */
export async function freeDiskBytes(folder: string): Promise<number> {
  const stats = await statfs(folder)
  return Math.max(0, Math.floor(Number(stats.bavail) * Number(stats.bsize)))
}

/** The device's facts a heartbeat carries besides the link's own (uploads waiting, the clock). */
export interface DeviceFacts {
  appVersion: string
  mode: AppMode
  backend: BackendKind
  screen: Heartbeat['screen']
  seatsHeld: number
  terminal: Heartbeat['terminal']['state']
  printer: PrinterState
  lastSaleAt: number | null
  freeDiskBytes: number
  /** The counter's cash drawer as its printer last reported it (absent: none set up). */
  drawer?: Heartbeat['drawer']
}
