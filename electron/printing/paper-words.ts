import { saleLanguageSchema, type SaleLanguage } from '../contract/checkout-channels'
import type { SaleStep } from '../journal/sales-journal'
import type { SeatKindName } from '../contract/seat-names'

/**
 * The words on paper, in each of the kiosk's languages. Tickets and receipts
 * follow the language the customer bought in (the renderer says it with
 * checkout.submit, the journal keeps it with the sale as step
 * "order-language"), so a reprint or a recovery prints the same words.
 * What the vendor sends (show titles, price classes, sections) is printed as
 * it came. A refund slip's note is in ./note-words.ts.
 */
export type PaperLanguage = SaleLanguage

export interface PaperWords {
  section: string
  row: string
  seat: string
  seats: string
  /** Each kind of seat in words, its singular and plural (chosen by Intl.PluralRules, ./paper-seats.ts). */
  seatKinds: Record<SeatKindName, { one: string; other: string }>
  /** Seat numbers of a kind, with its symbol and name: "22 (♿ wheelchair space)". */
  ofKind: (numbers: string, symbol: string, kind: string) => string
  generalAdmission: string
  each: string
  subtotal: string
  delivery: string
  card: string
  authCode: string
  aid: string
  entryMode: string
  terminalLines: string
  cash: string
  tendered: string
  change: string
  refundedToCard: string
  refundedInCash: string
  standalone: string
  approvalCode: string
  reversedOnStandalone: string
  notGiven: string
  trainingMark: string
  ticketType: string
  price: string
  bookingReference: string
  ticketCode: string
  /** "Ticket 1 of 2". */
  ticketOf: (position: number, count: number) => string
  atTheDoor: string
  receipt: string
  date: string
  total: string
  paymentReference: string
  thanks: string
  sale: string
  refund: string
  amountRefunded: string
  why: string
  keepSlip: string
  fees: Record<string, string>
  deliveries: Record<string, string>
}

const english: PaperWords = {
  section: 'Section',
  row: 'Row',
  seat: 'Seat',
  seats: 'Seats',
  seatKinds: {
    wheelchair: { one: 'wheelchair space', other: 'wheelchair spaces' },
    companion: { one: 'companion seat', other: 'companion seats' },
    couple: { one: 'couple seat', other: 'couple seats' },
  },
  ofKind: (numbers, symbol, kind) => `${numbers} (${symbol} ${kind})`,
  generalAdmission: 'General admission',
  each: 'each',
  subtotal: 'Subtotal',
  delivery: 'Delivery',
  card: 'Card',
  authCode: 'Auth code',
  aid: 'AID',
  entryMode: 'Entry',
  terminalLines: 'Card terminal',
  cash: 'Cash',
  tendered: 'Tendered',
  change: 'Change',
  refundedToCard: 'Refunded to card',
  refundedInCash: 'Given back in cash',
  standalone: 'Card (standalone terminal)',
  approvalCode: 'Approval code',
  reversedOnStandalone: 'Reversed on the standalone terminal',
  notGiven: '—',
  trainingMark: 'TRAINING — not valid for entry or payment',
  ticketType: 'Ticket type',
  price: 'Price',
  bookingReference: 'Booking reference',
  ticketCode: 'Ticket code',
  ticketOf: (position, count) => `Ticket ${position} of ${count}`,
  atTheDoor: 'Show this code at the door. One entry per ticket.',
  receipt: 'Receipt',
  date: 'Date',
  total: 'Total',
  paymentReference: 'Payment reference',
  thanks: 'Thank you. Please keep this receipt.',
  sale: 'Sale',
  refund: 'Refund',
  amountRefunded: 'Amount refunded',
  why: 'Why',
  keepSlip: 'Please keep this slip.',
  fees: { BOOKING_FEE: 'Booking fee', SERVICE_FEE: 'Service fee', FACILITY_FEE: 'Facility fee', HANDLING_FEE: 'Handling fee' },
  deliveries: {
    PRINT_ON_SITE: 'Printed at purchase',
    ETICKET: 'E-ticket',
    BOX_OFFICE_COLLECTION: 'Collect at the box office',
    REGISTERED_MAIL: 'Registered mail',
  },
}

const simplifiedChinese: PaperWords = {
  section: '区域',
  row: '排',
  seat: '座位',
  seats: '座位',
  seatKinds: { wheelchair: { one: '轮椅位', other: '轮椅位' }, companion: { one: '陪同座位', other: '陪同座位' }, couple: { one: '情侣座', other: '情侣座' } },
  ofKind: (numbers, symbol, kind) => `${numbers}（${symbol} ${kind}）`,
  generalAdmission: '自由入场',
  each: '每张',
  subtotal: '小计',
  delivery: '取票方式',
  card: '银行卡',
  authCode: '授权码',
  aid: 'AID',
  entryMode: '读卡方式',
  terminalLines: '刷卡机',
  cash: '现金',
  tendered: '实收',
  change: '找零',
  refundedToCard: '已退回银行卡',
  refundedInCash: '已以现金退还',
  standalone: '银行卡（独立刷卡机）',
  approvalCode: '批准码',
  reversedOnStandalone: '已在独立刷卡机上撤销',
  notGiven: '—',
  trainingMark: '培训用 — 不可用于入场或付款',
  ticketType: '票种',
  price: '票价',
  bookingReference: '订单编号',
  ticketCode: '门票编码',
  ticketOf: (position, count) => `第 ${position} 张，共 ${count} 张`,
  atTheDoor: '入场时请出示此码。每张门票限一人入场。',
  receipt: '收据',
  date: '日期',
  total: '总计',
  paymentReference: '付款编号',
  thanks: '谢谢惠顾。请保留此收据。',
  sale: '交易',
  refund: '退款',
  amountRefunded: '退款金额',
  why: '原因',
  keepSlip: '请保留此单据。',
  fees: { BOOKING_FEE: '订票费', SERVICE_FEE: '服务费', FACILITY_FEE: '设施费', HANDLING_FEE: '手续费' },
  deliveries: { PRINT_ON_SITE: '现场打印', ETICKET: '电子门票', BOX_OFFICE_COLLECTION: '售票处取票', REGISTERED_MAIL: '挂号邮寄' },
}

const traditionalChinese: PaperWords = {
  section: '區域',
  row: '行',
  seat: '座位',
  seats: '座位',
  seatKinds: { wheelchair: { one: '輪椅位', other: '輪椅位' }, companion: { one: '陪同座位', other: '陪同座位' }, couple: { one: '情侶座', other: '情侶座' } },
  ofKind: (numbers, symbol, kind) => `${numbers}（${symbol} ${kind}）`,
  generalAdmission: '自由入場',
  each: '每張',
  subtotal: '小計',
  delivery: '取票方式',
  card: '信用卡',
  authCode: '授權碼',
  aid: 'AID',
  entryMode: '讀卡方式',
  terminalLines: '付款終端機',
  cash: '現金',
  tendered: '實收',
  change: '找續',
  refundedToCard: '已退回信用卡',
  refundedInCash: '已以現金退還',
  standalone: '信用卡（獨立付款終端機）',
  approvalCode: '批核碼',
  reversedOnStandalone: '已在獨立付款終端機上撤銷',
  notGiven: '—',
  trainingMark: '培訓用 — 不可用作入場或付款',
  ticketType: '票種',
  price: '票價',
  bookingReference: '訂單編號',
  ticketCode: '門票編碼',
  ticketOf: (position, count) => `第 ${position} 張，共 ${count} 張`,
  atTheDoor: '入場時請出示此碼。每張門票限一人入場。',
  receipt: '收據',
  date: '日期',
  total: '總計',
  paymentReference: '付款編號',
  thanks: '多謝惠顧。請保留此收據。',
  sale: '交易',
  refund: '退款',
  amountRefunded: '退款金額',
  why: '原因',
  keepSlip: '請保留此單據。',
  fees: { BOOKING_FEE: '訂票費', SERVICE_FEE: '服務費', FACILITY_FEE: '設施費', HANDLING_FEE: '手續費' },
  deliveries: { PRINT_ON_SITE: '即場列印', ETICKET: '電子門票', BOX_OFFICE_COLLECTION: '售票處取票', REGISTERED_MAIL: '掛號郵寄' },
}

const malay: PaperWords = {
  section: 'Bahagian',
  row: 'Baris',
  seat: 'Tempat duduk',
  seats: 'Tempat duduk',
  seatKinds: {
    wheelchair: { one: 'ruang kerusi roda', other: 'ruang kerusi roda' },
    companion: { one: 'tempat duduk peneman', other: 'tempat duduk peneman' },
    couple: { one: 'tempat duduk pasangan', other: 'tempat duduk pasangan' },
  },
  ofKind: (numbers, symbol, kind) => `${numbers} (${symbol} ${kind})`,
  generalAdmission: 'Kemasukan umum',
  each: 'setiap satu',
  subtotal: 'Jumlah kecil',
  delivery: 'Penghantaran',
  card: 'Kad',
  authCode: 'Kod kebenaran',
  aid: 'AID',
  entryMode: 'Cara bacaan kad',
  terminalLines: 'Terminal kad',
  cash: 'Tunai',
  tendered: 'Diterima',
  change: 'Baki',
  refundedToCard: 'Dipulangkan ke kad',
  refundedInCash: 'Dipulangkan secara tunai',
  standalone: 'Kad (terminal berasingan)',
  approvalCode: 'Kod kelulusan',
  reversedOnStandalone: 'Dibatalkan pada terminal berasingan',
  notGiven: '—',
  trainingMark: 'LATIHAN — tidak sah untuk masuk atau pembayaran',
  ticketType: 'Jenis tiket',
  price: 'Harga',
  bookingReference: 'Rujukan tempahan',
  ticketCode: 'Kod tiket',
  ticketOf: (position, count) => `Tiket ${position} daripada ${count}`,
  atTheDoor: 'Tunjukkan kod ini di pintu masuk. Satu kemasukan bagi setiap tiket.',
  receipt: 'Resit',
  date: 'Tarikh',
  total: 'Jumlah',
  paymentReference: 'Rujukan pembayaran',
  thanks: 'Terima kasih. Sila simpan resit ini.',
  sale: 'Jualan',
  refund: 'Bayaran balik',
  amountRefunded: 'Jumlah dibayar balik',
  why: 'Sebab',
  keepSlip: 'Sila simpan slip ini.',
  fees: { BOOKING_FEE: 'Yuran tempahan', SERVICE_FEE: 'Yuran perkhidmatan', FACILITY_FEE: 'Yuran kemudahan', HANDLING_FEE: 'Yuran pengendalian' },
  deliveries: { PRINT_ON_SITE: 'Dicetak semasa pembelian', ETICKET: 'E-tiket', BOX_OFFICE_COLLECTION: 'Ambil di kaunter tiket', REGISTERED_MAIL: 'Pos berdaftar' },
}

const byLanguage: Record<PaperLanguage, PaperWords> = { 'en-SG': english, 'zh-CN': simplifiedChinese, 'zh-HK': traditionalChinese, 'ms-MY': malay }

export function paperWords(language: PaperLanguage = 'en-SG'): PaperWords {
  return byLanguage[language]
}

/** The language a sale was bought in (journal step "order-language"); English for sales made before it was kept. */
export function languageFromSteps(steps: readonly SaleStep[]): PaperLanguage {
  const language = saleLanguageSchema.safeParse((steps.find((s) => s.step === 'order-language')?.detail as { language?: unknown } | undefined)?.language)
  return language.success ? language.data : 'en-SG'
}
