/**
 * IPP/1.1's message encoding (RFC 8010, section 3), the part Foyer needs:
 * requests with operation and job attributes, and any response read back into
 * attribute groups, collections included. Written here rather than taken
 * from the `ipp` npm package: its latest release is still 2.0.1 (`npm view ipp`,
 * 2026-11-26), untyped callback-style JavaScript, and its repository
 * (github.com/williamkapke/ipp) has had no commit since 17 August 2019 (its
 * package.json there still says 2.0.0). The encoding itself is small and
 * fixed by the RFC, and this file is
 * tested byte for byte (tests/unit/printing/ipp-codec.test.ts) and against a
 * real IPP Everywhere printer (ippeveprinter).
 */
export const GROUP = { operation: 0x01, job: 0x02, end: 0x03, printer: 0x04, unsupported: 0x05 } as const

export const VALUE = {
  unsupported: 0x10,
  unknown: 0x12,
  noValue: 0x13,
  integer: 0x21,
  boolean: 0x22,
  enum: 0x23,
  octetString: 0x30,
  dateTime: 0x31,
  resolution: 0x32,
  rangeOfInteger: 0x33,
  begCollection: 0x34,
  textWithLanguage: 0x35,
  nameWithLanguage: 0x36,
  endCollection: 0x37,
  textWithoutLanguage: 0x41,
  nameWithoutLanguage: 0x42,
  keyword: 0x44,
  uri: 0x45,
  uriScheme: 0x46,
  charset: 0x47,
  naturalLanguage: 0x48,
  mimeMediaType: 0x49,
  memberAttrName: 0x4a,
} as const

export type IppValue = string | number | boolean | Uint8Array | IppCollection | null
export interface IppCollection {
  [member: string]: IppValue[]
}

/** An attribute to send: its value tag and one or more values (a 1setOf sends several). */
export interface IppAttribute {
  name: string
  tag: number
  values: (string | number | boolean)[]
}

export interface IppRequest {
  operation: number
  requestId: number
  groups: { tag: number; attributes: IppAttribute[] }[]
}

export interface IppGroup {
  tag: number
  attributes: Map<string, IppValue[]>
}

export interface IppResponse {
  version: string
  statusCode: number
  requestId: number
  groups: IppGroup[]
}

const INTEGER_TAGS: ReadonlySet<number> = new Set([VALUE.integer, VALUE.enum])

function encodeValue(tag: number, value: string | number | boolean): Buffer {
  if (INTEGER_TAGS.has(tag)) {
    const bytes = Buffer.alloc(4)
    bytes.writeInt32BE(Number(value))
    return bytes
  }
  if (tag === VALUE.boolean) return Buffer.from([value ? 1 : 0])
  return Buffer.from(String(value), 'utf8')
}

function encodeAttribute(attribute: IppAttribute): Buffer[] {
  if (attribute.values.length === 0) throw new Error(`IPP attribute ${attribute.name} has no value`)
  return attribute.values.flatMap((value, index) => {
    // Further values of a 1setOf are sent with an empty name (RFC 8010, 3.1.5).
    const name = Buffer.from(index === 0 ? attribute.name : '', 'utf8')
    const data = encodeValue(attribute.tag, value)
    const head = Buffer.alloc(3)
    head.writeUInt8(attribute.tag, 0)
    head.writeUInt16BE(name.length, 1)
    const length = Buffer.alloc(2)
    length.writeUInt16BE(data.length)
    return [head, name, length, data]
  })
}

/** The request's bytes: version 1.1, the operation, the request id, the groups and the end tag. */
export function encodeRequest(request: IppRequest): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt8(1, 0)
  head.writeUInt8(1, 1)
  head.writeUInt16BE(request.operation, 2)
  head.writeUInt32BE(request.requestId, 4)
  const groups = request.groups.flatMap((group) => [Buffer.from([group.tag]), ...group.attributes.flatMap(encodeAttribute)])
  return Buffer.concat([head, ...groups, Buffer.from([GROUP.end])])
}

class Reader {
  offset = 0
  constructor(readonly bytes: Uint8Array) {}
  take(count: number): Uint8Array {
    if (this.offset + count > this.bytes.length) throw new Error('IPP response ends in the middle of an attribute')
    const slice = this.bytes.subarray(this.offset, this.offset + count)
    this.offset += count
    return slice
  }
  byte(): number {
    return this.take(1)[0]!
  }
  short(): number {
    const b = this.take(2)
    return (b[0]! << 8) | b[1]!
  }
  peek(): number | undefined {
    return this.bytes[this.offset]
  }
}

const TEXT = new TextDecoder('utf-8')

function decodeValue(tag: number, data: Uint8Array): IppValue {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  if ((INTEGER_TAGS.has(tag) && data.length === 4)) return view.getInt32(0)
  if (tag === VALUE.boolean && data.length === 1) return data[0] !== 0
  if (tag >= VALUE.unsupported && tag <= 0x1f) return null
  if (tag === VALUE.textWithLanguage || tag === VALUE.nameWithLanguage) {
    // A two-byte length and the language, then a two-byte length and the text.
    const languageLength = view.getUint16(0)
    return TEXT.decode(data.subarray(4 + languageLength))
  }
  if (tag >= 0x40 && tag <= 0x5f) return TEXT.decode(data)
  return data.slice()
}

/** One attribute's name (empty for a further value) and value tag and value bytes. */
function readField(reader: Reader): { tag: number; name: string; data: Uint8Array } {
  const tag = reader.byte()
  const name = TEXT.decode(reader.take(reader.short()))
  const data = reader.take(reader.short())
  return { tag, name, data }
}

/** A collection's members, read up to its endCollection (RFC 8010, 3.1.6). */
function readCollection(reader: Reader): IppCollection {
  const collection: IppCollection = {}
  let member: string | null = null
  for (;;) {
    const field = readField(reader)
    if (field.tag === VALUE.endCollection) return collection
    if (field.tag === VALUE.memberAttrName) {
      member = TEXT.decode(field.data)
      collection[member] = []
      continue
    }
    if (member === null) throw new Error('IPP collection value without a member name')
    collection[member]!.push(field.tag === VALUE.begCollection ? readCollection(reader) : decodeValue(field.tag, field.data))
  }
}

/** A response's status, request id and attribute groups; anything after the end tag (a document) is ignored. */
export function decodeResponse(bytes: Uint8Array): IppResponse {
  const reader = new Reader(bytes)
  const version = `${reader.byte()}.${reader.byte()}`
  const statusCode = reader.short()
  const requestId = reader.short() * 0x10000 + reader.short()
  const groups: IppGroup[] = []
  let current: IppGroup | null = null
  let last: IppValue[] | null = null
  for (;;) {
    const next = reader.peek()
    if (next === undefined) throw new Error('IPP response has no end-of-attributes tag')
    if (next <= 0x0f) {
      reader.byte()
      if (next === GROUP.end) return { version, statusCode, requestId, groups }
      current = { tag: next, attributes: new Map() }
      groups.push(current)
      continue
    }
    if (!current) throw new Error('IPP attribute outside any group')
    const field = readField(reader)
    const value = field.tag === VALUE.begCollection ? readCollection(reader) : decodeValue(field.tag, field.data)
    if (field.name) {
      last = [value]
      current.attributes.set(field.name, last)
    } else if (last) last.push(value)
    else throw new Error('IPP additional value without an attribute')
  }
}

/** The first group of a kind's attributes (printer or job), or an empty map. */
export function groupOf(response: IppResponse, tag: number): Map<string, IppValue[]> {
  return response.groups.find((group) => group.tag === tag)?.attributes ?? new Map()
}
