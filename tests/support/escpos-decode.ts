/**
 * Reads ESC/POS bytes back the way a printer would take them: text lines (in
 * the code page ESC t chose), QR codes stored with GS ( k, raster images
 * (GS v 0, their size in dots), cuts, and the status requests in the stream.
 * Strict: a command it does not know throws, so a test sees anything
 * unexpected rather than reading past it. The loopback printer parses its
 * input with nextCommand; tests decode what it printed with decodeEscPos.
 */
export type EscPosCommand =
  | { kind: 'text'; bytes: Uint8Array; codepage: number }
  | { kind: 'newline' }
  | { kind: 'codepage'; n: number }
  | { kind: 'qr-store'; data: string }
  | { kind: 'raster'; widthDots: number; heightDots: number }
  | { kind: 'cut' }
  | { kind: 'realtime-status'; n: number }
  | { kind: 'paper-status'; n: number }
  /** ESC p m t1 t2: a pulse on the drawer port, connector pin 2 (m = 0) or pin 5 (m = 1). */
  | { kind: 'drawer-pulse'; pin: 2 | 5; onMs: number; offMs: number }
  | { kind: 'setting' }

/** Fixed lengths of ESC x and GS x commands, by x. */
const ESC_LENGTHS: Record<number, number> = { 0x40: 2, 0x32: 2, 0x61: 3, 0x45: 3, 0x4d: 3, 0x74: 3, 0x21: 3, 0x2d: 3, 0x64: 3, 0x4a: 3, 0x33: 3, 0x47: 3, 0x52: 3, 0x7b: 3, 0x56: 3, 0x70: 5 }
const GS_LENGTHS: Record<number, number> = { 0x21: 3, 0x42: 3, 0x48: 3, 0x68: 3, 0x77: 3, 0x66: 3, 0x62: 3, 0x61: 3, 0x4c: 4, 0x57: 4 }
const FS_LENGTHS: Record<number, number> = { 0x2e: 2, 0x26: 2, 0x43: 3 }

type Parsed = { command: EscPosCommand; length: number } | null

const unknown = (bytes: Uint8Array, at: number): never => {
  throw new Error(`unknown ESC/POS command at byte ${at}: ${Array.from(bytes.subarray(at, at + 4), (b) => b.toString(16).padStart(2, '0')).join(' ')}`)
}

function gsCommand(bytes: Uint8Array, at: number): Parsed {
  const x = bytes[at + 1]
  if (x === undefined) return null
  if (x === 0x72) return at + 2 < bytes.length ? { command: { kind: 'paper-status', n: bytes[at + 2]! }, length: 3 } : null
  if (x === 0x56) {
    const m = bytes[at + 2]
    if (m === undefined) return null
    return { command: { kind: 'cut' }, length: m === 65 || m === 66 ? 4 : 3 }
  }
  if (x === 0x28) {
    if (at + 5 > bytes.length) return null
    const size = bytes[at + 3]! + bytes[at + 4]! * 256
    if (at + 5 + size > bytes.length) return null
    const [cn, fn] = [bytes[at + 5], bytes[at + 6]]
    const qr = bytes[at + 2] === 0x6b && cn === 49 && fn === 80
    const command: EscPosCommand = qr ? { kind: 'qr-store', data: Buffer.from(bytes.subarray(at + 8, at + 5 + size)).toString('utf8') } : { kind: 'setting' }
    return { command, length: 5 + size }
  }
  if (x === 0x76) {
    if (at + 8 > bytes.length) return null
    const widthBytes = bytes[at + 4]! + bytes[at + 5]! * 256
    const heightDots = bytes[at + 6]! + bytes[at + 7]! * 256
    const length = 8 + widthBytes * heightDots
    return at + length <= bytes.length ? { command: { kind: 'raster', widthDots: widthBytes * 8, heightDots }, length } : null
  }
  const fixed = GS_LENGTHS[x]
  if (!fixed) return unknown(bytes, at)
  return at + fixed <= bytes.length ? { command: { kind: 'setting' }, length: fixed } : null
}

function escCommand(bytes: Uint8Array, at: number): Parsed {
  const x = bytes[at + 1]
  if (x === undefined) return null
  const fixed = ESC_LENGTHS[x]
  if (!fixed) return unknown(bytes, at)
  if (at + fixed > bytes.length) return null
  if (x === 0x70) return { command: { kind: 'drawer-pulse', pin: (bytes[at + 2]! & 1) === 0 ? 2 : 5, onMs: bytes[at + 3]! * 2, offMs: bytes[at + 4]! * 2 }, length: fixed }
  return { command: x === 0x74 ? { kind: 'codepage', n: bytes[at + 2]! } : { kind: 'setting' }, length: fixed }
}

/** The command starting at `at`, or null when the bytes so far end inside it. */
export function nextCommand(bytes: Uint8Array, at: number, codepage = 0): Parsed {
  const first = bytes[at]!
  if (first === 0x1b) return escCommand(bytes, at)
  if (first === 0x1d) return gsCommand(bytes, at)
  if (first === 0x10) {
    if (at + 3 > bytes.length) return null
    return bytes[at + 1] === 0x04 ? { command: { kind: 'realtime-status', n: bytes[at + 2]! }, length: 3 } : unknown(bytes, at)
  }
  if (first === 0x1c) {
    const fixed = FS_LENGTHS[bytes[at + 1] ?? -1]
    if (bytes[at + 1] === undefined) return null
    return fixed ? (at + fixed <= bytes.length ? { command: { kind: 'setting' }, length: fixed } : null) : unknown(bytes, at)
  }
  if (first === 0x0a) return { command: { kind: 'newline' }, length: 1 }
  if (first === 0x0d) return { command: { kind: 'setting' }, length: 1 }
  if (first < 0x20) return unknown(bytes, at)
  let end = at
  while (end < bytes.length && bytes[end]! >= 0x20) end++
  return { command: { kind: 'text', bytes: bytes.subarray(at, end), codepage }, length: end - at }
}

/** Code page 437's upper half (ESC t 0, the printers' default), which TextDecoder does not know. */
const CP437_HIGH = 'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0'

/** Text in a code page: ASCII as is; 437 (ESC t 0) and Windows-1252 (ESC t 16) decoded; other pages' high bytes as "?". */
function textOf(bytes: Uint8Array, codepage: number): string {
  if (codepage === 16) return new TextDecoder('windows-1252').decode(bytes)
  return Array.from(bytes, (b) => (b < 0x80 ? String.fromCharCode(b) : codepage === 0 ? CP437_HIGH[b - 0x80] : '?')).join('')
}

export interface DecodedEscPos {
  /** The printed lines, with the spaces that centred them trimmed; empty lines left out. */
  lines: string[]
  qrCodes: string[]
  rasters: { widthDots: number; heightDots: number }[]
  cuts: number
  statusRequests: number
}

export function decodeEscPos(bytes: Uint8Array): DecodedEscPos {
  const decoded: DecodedEscPos = { lines: [], qrCodes: [], rasters: [], cuts: 0, statusRequests: 0 }
  let line = ''
  let codepage = 0
  const endLine = () => {
    if (line.trim()) decoded.lines.push(line.trim())
    line = ''
  }
  for (let at = 0; at < bytes.length; ) {
    const parsed = nextCommand(bytes, at, codepage)
    if (!parsed) throw new Error(`ESC/POS bytes end inside a command at byte ${at}`)
    const { command } = parsed
    if (command.kind === 'text') line += textOf(command.bytes, command.codepage)
    else if (command.kind === 'newline') endLine()
    else if (command.kind === 'codepage') codepage = command.n
    else if (command.kind === 'qr-store') decoded.qrCodes.push(command.data)
    else if (command.kind === 'raster') decoded.rasters.push({ widthDots: command.widthDots, heightDots: command.heightDots })
    else if (command.kind === 'cut') {
      endLine()
      decoded.cuts++
    }
    else if (command.kind === 'realtime-status' || command.kind === 'paper-status') decoded.statusRequests++
    at += parsed.length
  }
  endLine()
  return decoded
}
