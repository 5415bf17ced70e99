import { describe, expect, it } from 'vitest'
import { decodeResponse, encodeRequest, GROUP, groupOf, VALUE } from '../../../electron/printers/ipp/ipp-codec'
import { httpAddressOf } from '../../../electron/printers/ipp/ipp-client'
import { printerProblems, problemsOfReasons } from '../../../electron/printers/ipp/ipp-reasons'

/** One attribute's bytes as RFC 8010 lays them out: tag, name length, name, value length, value. */
function field(tag: number, name: string, value: Buffer): Buffer {
  const n = Buffer.from(name)
  return Buffer.concat([Buffer.from([tag, n.length >> 8, n.length & 0xff]), n, Buffer.from([value.length >> 8, value.length & 0xff]), value])
}
const int = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeInt32BE(n)
  return b
}

describe('IPP encoding (RFC 8010)', () => {
  it('encodes a request byte for byte, further values of a set with an empty name', () => {
    const bytes = encodeRequest({
      operation: 0x000b,
      requestId: 7,
      groups: [{ tag: GROUP.operation, attributes: [
        { name: 'attributes-charset', tag: VALUE.charset, values: ['utf-8'] },
        { name: 'job-id', tag: VALUE.integer, values: [42] },
        { name: 'requested-attributes', tag: VALUE.keyword, values: ['printer-state', 'printer-state-reasons'] },
      ] }],
    })
    const expected = Buffer.concat([
      Buffer.from([1, 1, 0x00, 0x0b, 0, 0, 0, 7, GROUP.operation]),
      field(VALUE.charset, 'attributes-charset', Buffer.from('utf-8')),
      field(VALUE.integer, 'job-id', int(42)),
      field(VALUE.keyword, 'requested-attributes', Buffer.from('printer-state')),
      field(VALUE.keyword, '', Buffer.from('printer-state-reasons')),
      Buffer.from([GROUP.end]),
    ])
    expect(bytes.equals(expected)).toBe(true)
  })

  it('decodes a response: status, groups, sets, booleans, enums, text with language, collections', () => {
    const language = Buffer.concat([Buffer.from([0, 2]), Buffer.from('en'), Buffer.from([0, 5]), Buffer.from('Ready')])
    const bytes = Buffer.concat([
      Buffer.from([2, 0, 0x00, 0x00, 0, 0, 1, 2, GROUP.operation]),
      field(VALUE.charset, 'attributes-charset', Buffer.from('utf-8')),
      Buffer.from([GROUP.printer]),
      field(VALUE.enum, 'printer-state', int(5)),
      field(VALUE.keyword, 'printer-state-reasons', Buffer.from('media-empty-error')),
      field(VALUE.keyword, '', Buffer.from('cover-open-warning')),
      field(VALUE.boolean, 'printer-is-accepting-jobs', Buffer.from([0])),
      field(VALUE.textWithLanguage, 'printer-state-message', language),
      field(VALUE.begCollection, 'media-col-ready', Buffer.alloc(0)),
      field(VALUE.memberAttrName, '', Buffer.from('media-source')),
      field(VALUE.keyword, '', Buffer.from('main')),
      field(VALUE.endCollection, '', Buffer.alloc(0)),
      field(VALUE.noValue, 'printer-info', Buffer.alloc(0)),
      Buffer.from([GROUP.end]),
      Buffer.from('%PDF- document data after the end tag'),
    ])
    const response = decodeResponse(bytes)
    expect(response).toMatchObject({ version: '2.0', statusCode: 0, requestId: 258 })
    const printer = groupOf(response, GROUP.printer)
    expect(printer.get('printer-state')).toEqual([5])
    expect(printer.get('printer-state-reasons')).toEqual(['media-empty-error', 'cover-open-warning'])
    expect(printer.get('printer-is-accepting-jobs')).toEqual([false])
    expect(printer.get('printer-state-message')).toEqual(['Ready'])
    expect(printer.get('media-col-ready')).toEqual([{ 'media-source': ['main'] }])
    expect(printer.get('printer-info')).toEqual([null])
  })

  it('refuses a truncated response rather than reading past its end', () => {
    const whole = Buffer.concat([Buffer.from([1, 1, 0, 0, 0, 0, 0, 1, GROUP.printer]), field(VALUE.enum, 'printer-state', int(3)), Buffer.from([GROUP.end])])
    expect(() => decodeResponse(whole.subarray(0, whole.length - 3))).toThrow(/ends in the middle/)
    expect(() => decodeResponse(whole.subarray(0, whole.length - 1))).toThrow(/no end-of-attributes/)
  })

  it('takes ipp:// addresses to HTTP on port 631 unless another is given', () => {
    expect(httpAddressOf('ipp://localhost/printers/BOCA').href).toBe('http://localhost:631/printers/BOCA')
    expect(httpAddressOf('ipps://printer.lan:8443/ipp/print').href).toBe('https://printer.lan:8443/ipp/print')
    expect(() => httpAddressOf('socket://10.0.0.5:9100')).toThrow(/not a printer address/)
  })
})

describe("a print server's state reasons in box-office words", () => {
  it('reads the severity off: media-empty is no paper whether -report, -warning or -error', () => {
    expect(problemsOfReasons(['media-empty-report'])).toEqual(['no-paper'])
    expect(problemsOfReasons(['media-empty-warning', 'media-needed-warning'])).toEqual(['no-paper'])
    expect(problemsOfReasons(['media-jam-error', 'cover-open', 'media-low-report'])).toEqual(['paper-jam', 'cover-open', 'paper-low'])
    expect(problemsOfReasons(['none', 'offline-report', 'paused'])).toEqual(['offline', 'paused'])
  })

  it('counts an unknown reason only as an error', () => {
    expect(problemsOfReasons(['fuser-over-temp-warning'])).toEqual([])
    expect(problemsOfReasons(['fuser-over-temp-error'])).toEqual(['printer-fault'])
  })

  it('a stopped printer with no reason is a fault; one refusing jobs says so', () => {
    expect(printerProblems(5, ['none'], true)).toEqual(['printer-fault'])
    expect(printerProblems(3, ['none'], false)).toEqual(['refusing-jobs'])
    expect(printerProblems(4, ['media-low-report'], true)).toEqual(['paper-low'])
  })
})
