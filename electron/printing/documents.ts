import type { Order, OrderItem, Ticket } from '../contract'
import type { SaleRecord } from '../journal/sales-journal'
import { readStaffNote } from '../journal/staff-note'
import { html, type SafeHtml } from './html'
import { DEFAULT_BRAND, printedPage, trainingMark } from './page'
import { centsOf } from '../contract/money'
import { cardLabel, deliveryName, feeName, moneyOf, moneyOfCents, singaporeTime, type CardOnFile } from './format'
import { paperWords, type PaperLanguage, type PaperWords } from './paper-words'
import { paymentsTaken } from '../journal/sale-payments'
import { refundTenderRows, splitPaymentRows } from './payment-parts'
import { seatKindLine, seatsOnPaper } from './paper-seats'
import { qrSvg } from './qr'
import { staffNoteOnPaper } from './note-words'
import { refundPeopleRows } from './refund-words'
import { slipHead } from './slip-head'
import { printTemplates, type PrintTemplates } from './templates'

/**
 * The documents of a sale, as HTML ready to print: a ticket per place, a
 * receipt for every sale, a slip for a refund. Plain data in, plain HTML
 * out; the printer (./printer-port.ts) turns them into paper and PDF.
 *
 * Tickets and receipts are made only from a confirmed order: a ticket is
 * never printed before the vendor has confirmed the sale.
 *
 * In the language the customer bought in: every word Foyer prints comes from
 * ./paper-words.ts (the templates hold slots, no words of their own), and
 * dates and money are written the way that language writes them.
 */
export interface PrintDocument {
  /** Names the document and its PDF: "<reference>-ticket-01", "<reference>-receipt", "<reference>-refund". */
  name: string
  html: string
}

export interface DocumentOptions {
  /** The name at the top of each document: the venue's or the box office's. */
  brand?: string
  /** The card as the terminal reported it (see cardFromSteps); without it the payment method's code is printed. */
  card?: CardOnFile | null
  /** Each show's venue by product id, as the catalogue named it (from the journal's steps). */
  venues?: Record<number, string>
  /** A standalone-terminal sale's approval code, as staff keyed it in (from the journal's steps). */
  approvalCode?: string | null
  /** The language the sale was made in (from the journal's steps); English without one. */
  language?: PaperLanguage
  templates?: PrintTemplates
}

const QR_SIZE_MM = 34

export function confirmedOrder(sale: SaleRecord, what: string): Order {
  const order = sale.order
  if (!order || order.status !== 'CONFIRMED' || (sale.state !== 'confirmed' && sale.state !== 'printed')) {
    throw new Error(`no ${what} for sale ${sale.saleId}: it is ${sale.state}, not confirmed by the vendor`)
  }
  return order
}

function common(options: DocumentOptions, sale: SaleRecord) {
  const templates = options.templates ?? printTemplates()
  const language = options.language ?? 'en-SG'
  const words = paperWords(language)
  const training = sale.backend.startsWith('sandbox/')
  return { templates, page: { lang: language, brand: options.brand ?? DEFAULT_BRAND, trainingMark: training ? trainingMark(words) : null }, language, words }
}

// ------------------------------------------------------------------ tickets

/** The order item a ticket belongs to: by its seat, else by show and price class. */
export function itemOf(order: Order, ticket: Ticket): OrderItem | null {
  return (
    order.items.find((i) => ticket.inventoryId !== null && i.seats.some((s) => s.inventoryId === ticket.inventoryId)) ??
    order.items.find((i) => i.productId === ticket.productId && i.lines.some((l) => l.priceClassCode === ticket.priceClassCode)) ??
    order.items.find((i) => i.productId === ticket.productId) ??
    null
  )
}

function placeOf(ticket: Ticket, item: OrderItem | null, words: PaperWords): SafeHtml {
  const section = ticket.sectionAlias ?? item?.sectionAlias ?? words.notGiven
  const cell = (label: string, value: string) => html`<div><span class="label">${label}</span><span class="value">${value}</span></div>`
  if (ticket.row === null && ticket.seat === null) {
    return html`<div class="place">${cell(words.section, section)}<div class="ga"><span class="label">&nbsp;</span><span class="value">${words.generalAdmission}</span></div></div>`
  }
  return html`<div class="place">${cell(words.section, section)}${cell(words.row, ticket.row ?? words.notGiven)}${cell(words.seat, ticket.seat ?? words.notGiven)}</div>`
}

/** A wheelchair space, companion or couple seat said in words under its place, for the customer and the door; nothing for a plain seat. */
function seatKindOf(ticket: Ticket, item: OrderItem | null, language: PaperLanguage, words: PaperWords): SafeHtml | null {
  const line = ticketSeatKind(ticket, item, language, words)
  return line ? html`<p class="seat-kind">${line}</p>` : null
}

/** A ticket's kind of seat in words ("♿ Wheelchair space"), or null for a plain seat; the ticket's own, else its order item's. */
export function ticketSeatKind(ticket: Ticket, item: OrderItem | null, language: PaperLanguage, words: PaperWords): string | null {
  const seatType = ticket.seatType ?? item?.seats.find((s) => ticket.inventoryId !== null && s.inventoryId === ticket.inventoryId)?.seatType
  return seatKindLine(seatType, language, words)
}

/** One ticket per place of a confirmed sale, each with a QR code of its barcode. */
export function ticketDocuments(sale: SaleRecord, options: DocumentOptions = {}): PrintDocument[] {
  const order = confirmedOrder(sale, 'tickets')
  const { templates, page, language, words } = common(options, sale)
  const count = order.tickets.length
  return order.tickets.map((ticket, index) => {
    const item = itemOf(order, ticket)
    const line = item?.lines.find((l) => l.priceClassCode === ticket.priceClassCode) ?? null
    const name = `${order.reference}-ticket-${String(index + 1).padStart(2, '0')}`
    const fees = (line?.fees ?? []).map((f) => html`<dt>${feeName(f.code, words)}</dt><dd>${moneyOf(f.charge, language)}</dd>`)
    return {
      name,
      html: printedPage(templates, { ...page, title: name, kind: 'ticket' }, templates.ticket, {
        showTitle: item?.showTitle ?? words.notGiven,
        venue: options.venues?.[ticket.productId] ?? '',
        showDate: singaporeTime(item?.showDate ?? null, language),
        place: placeOf(ticket, item, words),
        seatKind: seatKindOf(ticket, item, language, words),
        ticketTypeLabel: words.ticketType,
        priceClass: line?.priceClassAlias ?? ticket.priceClassCode,
        priceLabel: words.price,
        price: line ? moneyOf(line.unitPrice, language) : words.notGiven,
        fees,
        qr: qrSvg(ticket.barcode, { sizeMm: QR_SIZE_MM, label: `${words.ticketCode} ${ticket.barcode}` }),
        barcode: ticket.barcode,
        referenceLabel: words.bookingReference,
        reference: order.reference,
        ticketOf: words.ticketOf(index + 1, count),
        ticketNumber: ticket.ticketNumber,
        atTheDoor: words.atTheDoor,
      }),
    }
  })
}

// ------------------------------------------------------------------ receipt

/**
 * Where an item's places are: "Seats: Row C: 14, 15", "Seat: Row 22: 22 (♿
 * wheelchair space)"; general admission (a lawn, a standing floor) has no
 * seats, so no seat word: "General admission × 2".
 */
function seatsOf(item: OrderItem, language: PaperLanguage, words: PaperWords): string {
  const placed = item.seats.filter((s) => s.row !== null || s.seat !== null)
  if (placed.length === 0) return `${words.generalAdmission} × ${item.quantity}`
  return seatsOnPaper(placed, language, words)
}

function itemBlock(item: OrderItem, venue: string | null, language: PaperLanguage, words: PaperWords): SafeHtml {
  const section = [item.sectionAlias, item.priceCategoryAlias].filter((t): t is string => Boolean(t)).join(' · ')
  const lines = item.lines.map((line) => {
    const currency = line.unitPrice.currency
    const fees = line.fees.map(
      (fee) => html`<tr><td>${feeName(fee.code, words)} × ${line.quantity}</td><td class="amount">${moneyOfCents(centsOf(fee.charge.amount) * line.quantity, fee.charge.currency, language)}</td></tr>
        <tr class="detail"><td colspan="2">${moneyOf(fee.charge, language)} ${words.each}</td></tr>`,
    )
    return html`<tr class="price-line"><td>${line.priceClassAlias ?? line.priceClassCode} × ${line.quantity}</td><td class="amount">${moneyOfCents(centsOf(line.unitPrice.amount) * line.quantity, currency, language)}</td></tr>
      <tr class="detail"><td colspan="2">${moneyOf(line.unitPrice, language)} ${words.each}</td></tr>${fees}`
  })
  return html`<section class="item">
    <h2>${item.showTitle ?? words.notGiven}</h2>
    ${venue ? html`<p class="venue">${venue}</p>` : null}
    <p class="when">${singaporeTime(item.showDate, language)}</p>
    <p>${section || words.notGiven}</p>
    <p class="seats">${seatsOf(item, language, words)}</p>
    <table class="lines">${lines}<tr class="subtotal"><td>${words.subtotal}</td><td class="amount">${moneyOf(item.subtotal, language)}</td></tr></table>
  </section>`
}

/** A card taken on the standalone terminal: that terminal prints its own slip; the receipt names it and the approval code, so the two can be matched. */
function standalonePaymentOf(sale: SaleRecord, approvalCode: string | null | undefined, words: PaperWords): SafeHtml {
  return html`<dt>${words.standalone}</dt><dd class="card">${sale.paymentMethod}</dd>
      <dt>${words.approvalCode}</dt><dd class="approval-code">${approvalCode ?? words.notGiven}</dd>`
}

function paymentOf(sale: SaleRecord, currency: string, card: CardOnFile | null | undefined, language: PaperLanguage, words: PaperWords): SafeHtml {
  if (sale.tender === 'cash') {
    const rows = [html`<dt>${words.cash}</dt><dd>${moneyOfCents(sale.amountCents, currency, language)}</dd>`]
    if (sale.tenderedCents !== null) rows.push(html`<dt>${words.tendered}</dt><dd>${moneyOfCents(sale.tenderedCents, currency, language)}</dd>`)
    if (sale.changeCents !== null) rows.push(html`<dt>${words.change}</dt><dd class="change">${moneyOfCents(sale.changeCents, currency, language)}</dd>`)
    return html`${rows}`
  }
  const rows = [html`<dt>${words.card}</dt><dd class="card">${cardLabel(card, sale.paymentMethod)}</dd>`]
  // What card schemes require on a card receipt, as the terminal reported it.
  const receipt = card?.receipt
  if (receipt?.authCode) rows.push(html`<dt>${words.authCode}</dt><dd class="auth-code">${receipt.authCode}</dd>`)
  if (receipt?.aid) rows.push(html`<dt>${words.aid}</dt><dd class="aid">${receipt.aid}</dd>`)
  if (receipt?.entryMode) rows.push(html`<dt>${words.entryMode}</dt><dd class="entry-mode">${receipt.entryMode}</dd>`)
  if (receipt && receipt.lines.length > 0) {
    const lines = receipt.lines.map((line) => html`<span class="terminal-line">${line}</span>`)
    rows.push(html`<dt>${words.terminalLines}</dt><dd class="terminal-lines">${lines}</dd>`)
  }
  return html`${rows}`
}

/** How the sale was paid: each part of a split sale, else its one tender. */
function paymentRows(sale: SaleRecord, currency: string, options: DocumentOptions, language: PaperLanguage, words: PaperWords): SafeHtml {
  if (paymentsTaken(sale.payments).length > 1) return splitPaymentRows(sale, { currency, card: options.card, approvalCode: options.approvalCode, language, words })
  return sale.tender === 'standalone' ? standalonePaymentOf(sale, options.approvalCode, words) : paymentOf(sale, currency, options.card, language, words)
}

/** The receipt of a confirmed sale: what was bought, for how much, and how it was paid. */
export function receiptDocument(sale: SaleRecord, options: DocumentOptions = {}): PrintDocument {
  const order = confirmedOrder(sale, 'receipt')
  const { templates, page, language, words } = common(options, sale)
  const currency = order.amountToBePaid.currency
  const name = `${order.reference}-receipt`
  return {
    name,
    html: printedPage(templates, { ...page, title: name, kind: 'receipt' }, templates.receipt, {
      head: slipHead(templates, words, { title: words.receipt, reference: order.reference, code: order.reference, date: singaporeTime(order.confirmedTime ?? sale.updatedAt, language) }),
      items: order.items.map((item) => itemBlock(item, options.venues?.[item.productId] ?? null, language, words)),
      deliveryLabel: words.delivery,
      deliveryMethod: deliveryName(order.deliveryMethodCode, words),
      deliveryCharge: order.deliveryCharge ? moneyOf(order.deliveryCharge, language) : moneyOfCents(0, currency, language),
      totalLabel: words.total,
      total: moneyOf(order.amountToBePaid, language),
      payment: paymentRows(sale, currency, options, language, words),
      paymentReferenceLabel: words.paymentReference,
      paymentReference: order.paymentReference ?? sale.paymentRef ?? words.notGiven,
      thanks: words.thanks,
      saleLabel: words.sale,
      saleId: sale.saleId,
    }),
  }
}

// ------------------------------------------------------------------ refund slip

/** The slip's "Why": the sale's note in the paper's language. */
function slipWhy(sale: SaleRecord, language: PaperLanguage, words: PaperWords): string {
  const note = readStaffNote(sale.staffNote)
  return note ? staffNoteOnPaper(note, language) : words.notGiven
}

/** The slip of a refunded sale: how much went back, how, and why. */
export function refundSlipDocument(sale: SaleRecord, options: DocumentOptions = {}): PrintDocument {
  if (sale.state !== 'refunded') throw new Error(`no refund slip for sale ${sale.saleId}: it is ${sale.state}, not refunded`)
  const { templates, page, language, words } = common(options, sale)
  // A sale the vendor never gave a reference is named by its sale id, which no scanner looks up: no QR code for it.
  const code = sale.reference ?? sale.order?.reference ?? null
  const reference = code ?? sale.saleId
  const currency = sale.order?.amountToBePaid.currency ?? 'SGD'
  const name = `${reference}-refund`
  return {
    name,
    html: printedPage(templates, { ...page, title: name, kind: 'refund-slip' }, templates.refundSlip, {
      head: slipHead(templates, words, { title: words.refund, reference, code, date: singaporeTime(sale.updatedAt, language) }),
      amountLabel: words.amountRefunded,
      amount: moneyOfCents(sale.amountCents, currency, language),
      tenders: refundTenderRows(sale, { currency, card: options.card, approvalCode: options.approvalCode, language, words }),
      paymentReferenceLabel: words.paymentReference,
      paymentReference: sale.paymentRef ?? words.notGiven,
      people: refundPeopleRows(language, { askedBy: sale.refundAskedByName, approvedBy: sale.refundedByName }),
      whyLabel: words.why,
      why: slipWhy(sale, language, words),
      keepSlip: words.keepSlip,
      saleLabel: words.sale,
      saleId: sale.saleId,
    }),
  }
}
