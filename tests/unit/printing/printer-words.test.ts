import { describe, expect, it } from 'vitest'
import { readinessOf, type PrinterProblem } from '../../../electron/printers/printer-port'
import { printerProblemWord, printerTroubleWords } from '../../../electron/printers/printer-words'

const problems: PrinterProblem[] = ['no-paper', 'paper-low', 'paper-jam', 'cutter-jam', 'cover-open', 'offline', 'paused', 'refusing-jobs', 'not-answering', 'printer-fault']
const languages = ['zh-CN', 'zh-HK', 'ms-MY'] as const

describe("a printer's problems in words", () => {
  it.each(languages)('every problem has its own words in %s, not an English copy', (language) => {
    const words = problems.map((problem) => printerProblemWord(problem, language))
    expect(new Set(words).size).toBe(problems.length)
    for (const problem of problems) expect(printerProblemWord(problem, language)).not.toBe(printerProblemWord(problem))
  })

  it('names the printer and lists its problems as each language lists', () => {
    expect(printerTroubleWords('Lobby ticket printer (IPP, localhost:631)', ['no-paper', 'cover-open'])).toBe('Lobby ticket printer (IPP, localhost:631): out of paper, cover open')
    expect(printerTroubleWords('大堂', ['no-paper', 'cover-open'], 'zh-CN')).toBe('大堂: 缺纸、机盖未关')
  })
})

describe('readiness from problems', () => {
  it('none is ready; paper low alone still prints; anything else cannot print, each problem once', () => {
    expect(readinessOf([])).toEqual({ state: 'ready' })
    expect(readinessOf(['paper-low', 'paper-low'])).toEqual({ state: 'paper-low', problems: ['paper-low'] })
    expect(readinessOf(['paper-low', 'cover-open'])).toEqual({ state: 'cannot-print', problems: ['paper-low', 'cover-open'] })
  })
})
