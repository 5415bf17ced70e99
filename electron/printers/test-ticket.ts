import type { SaleLanguage } from '../contract/checkout-channels'
import type { TicketText } from './raw/ticket-text'

/**
 * Staff's test ticket (the staff screen's "Print test ticket"), in the staff
 * screen's language: it says it is a test and no entry, which printer it came
 * from and when, and carries a QR code like a real ticket's so the code's
 * sharpness can be checked at the door's scanner. A raw printer prints it
 * as an image of its page (../printing/test-ticket-page.ts), as a sale's
 * documents, where the host lays pages out as dots.
 */
const WORDS: Record<SaleLanguage, { title: string; line: string; notValid: string }> = {
  'en-SG': { title: 'Test ticket', line: 'The printer works.', notValid: 'Not valid for entry' },
  'zh-CN': { title: '测试票', line: '打印机工作正常。', notValid: '不可用于入场' },
  'zh-HK': { title: '測試門票', line: '打印機運作正常。', notValid: '不可用作入場' },
  'ms-MY': { title: 'Tiket ujian', line: 'Pencetak berfungsi.', notValid: 'Tidak sah untuk masuk' },
}

export function testTicket(printerName: string, language: SaleLanguage, at: Date): TicketText {
  const words = WORDS[language]
  return {
    language,
    event: words.title,
    show: at.toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    venue: printerName,
    places: [words.line],
    reference: 'FOYER-TEST',
    code: 'FOYER-TEST',
    footer: [words.notValid],
  }
}
