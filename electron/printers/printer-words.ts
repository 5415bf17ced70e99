import type { SaleLanguage } from '../contract/checkout-channels'
import type { PrinterProblem } from './printer-port'

/**
 * A printer's problems in words, in the kiosk's four languages, for the
 * screens that say why a kiosk cannot print and for staff's printer test.
 * Staff words: short, what they would say at the desk, and what to look at.
 */
const WORDS: Record<SaleLanguage, Record<PrinterProblem, string>> = {
  'en-SG': {
    'no-paper': 'out of paper',
    'paper-low': 'paper running low',
    'paper-jam': 'paper jammed',
    'cutter-jam': 'cutter jammed',
    'cover-open': 'cover open',
    offline: 'offline',
    paused: 'paused',
    'refusing-jobs': 'not taking print jobs',
    'not-answering': 'not answering',
    'printer-fault': 'printer error',
  },
  'zh-CN': {
    'no-paper': '缺纸',
    'paper-low': '纸张快用完',
    'paper-jam': '卡纸',
    'cutter-jam': '切刀卡住',
    'cover-open': '机盖未关',
    offline: '离线',
    paused: '已暂停',
    'refusing-jobs': '不接受打印任务',
    'not-answering': '无响应',
    'printer-fault': '打印机故障',
  },
  'zh-HK': {
    'no-paper': '缺紙',
    'paper-low': '紙張快用完',
    'paper-jam': '卡紙',
    'cutter-jam': '切刀卡住',
    'cover-open': '機蓋未關',
    offline: '離線',
    paused: '已暫停',
    'refusing-jobs': '不接受列印工作',
    'not-answering': '沒有回應',
    'printer-fault': '打印機故障',
  },
  'ms-MY': {
    'no-paper': 'kehabisan kertas',
    'paper-low': 'kertas hampir habis',
    'paper-jam': 'kertas tersekat',
    'cutter-jam': 'pemotong tersekat',
    'cover-open': 'penutup terbuka',
    offline: 'di luar talian',
    paused: 'dijeda',
    'refusing-jobs': 'tidak menerima kerja cetakan',
    'not-answering': 'tidak menjawab',
    'printer-fault': 'ralat pencetak',
  },
}

const SEPARATOR: Record<SaleLanguage, string> = { 'en-SG': ', ', 'zh-CN': '、', 'zh-HK': '、', 'ms-MY': ', ' }

export function printerProblemWord(problem: PrinterProblem, language: SaleLanguage = 'en-SG'): string {
  return WORDS[language][problem]
}

/** "Lobby ticket printer: out of paper, cover open", in the language asked. */
export function printerTroubleWords(printerName: string, problems: readonly PrinterProblem[], language: SaleLanguage = 'en-SG'): string {
  return `${printerName}: ${problems.map((problem) => WORDS[language][problem]).join(SEPARATOR[language])}`
}
