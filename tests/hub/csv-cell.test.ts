import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { csvField, csvFile, csvText } from '../../hub/server/day/csv-cell'

/** The one cell function of the hub's CSV files (issue #36, OWASP "CSV injection"), read back by a real CSV parser. */
describe('a CSV cell', () => {
  const readBack = (line: string) => (parse(line, { bom: true, relaxQuotes: false }) as string[][])[0]

  it.each(['=', '+', '-', '@', '\t', '\r'])('starts text beginning with %j with a single quote, quoted', (first) => {
    const text = `${first}SUM(A1:A9)`
    expect(csvText(text)).toBe(`"'${text}"`)
    expect(readBack(csvText(text))).toEqual([`'${text}`])
  })

  it('leaves a plain word, and a formula character later in the text, as they are (quoted)', () => {
    expect(csvText('Matinee')).toBe('"Matinee"')
    expect(csvText('Swan Lake = ballet')).toBe('"Swan Lake = ballet"')
    expect(csvText(' =1+1')).toBe('" =1+1"')
    expect(csvText('')).toBe('""')
  })

  it('doubles quotes and keeps a comma and a line break inside the cell', () => {
    expect(csvText('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
    expect(readBack(`${csvText('Row 1\nRow 2, "late"')},${csvText('next')}`)).toEqual(['Row 1\nRow 2, "late"', 'next'])
  })

  it('writes counts and money as bare numbers, a refund negative, and nothing as an empty field', () => {
    expect([csvField(3), csvField({ cents: -1250 }), csvField({ cents: 5 }), csvField({ cents: null }), csvField(null)]).toEqual(['3', '-12.50', '0.05', '', ''])
    expect(() => csvField(1.5)).toThrow()
  })

  it('writes a file a parser reads back cell for cell, with a byte-order mark and CRLF lines', () => {
    const file = csvFile([['Device', 'Amount'], ['-2+3', { cents: -1250 }], []])
    expect(file).toBe('\uFEFF"Device","Amount"\r\n"\'-2+3",-12.50\r\n\r\n')
    expect(parse(file, { bom: true, relaxColumnCount: true })).toEqual([['Device', 'Amount'], ["'-2+3", '-12.50'], ['']])
  })
})
