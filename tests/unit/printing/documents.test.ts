import { beforeAll, describe, expect, it } from 'vitest'
import type { SaleRecord } from '../../../electron/journal/sales-journal'
import { receiptDocument, refundSlipDocument, ticketDocuments } from '../../../electron/printing/documents'
import { formatMoney } from '../../../electron/contract/money'
import { cardFromSteps, singaporeTime } from '../../../electron/printing/format'
import { venuesFromSteps } from '../../../electron/journal/sale-steps'
import { languageFromSteps } from '../../../electron/printing/paper-words'
import { escapeHtml, fillTemplate, html } from '../../../electron/printing/html'
import { staffNoteText } from '../../../electron/journal/staff-note'
import { printTemplates } from '../../../electron/printing/templates'
import { saleSamplesForFile, type SaleSamples } from '../../support/print-fixtures'

/**
 * The documents of real sales made against the sandbox and its terminal: what
 * a ticket, a receipt and a refund slip must say, and that no text from the
 * API can become markup or script on them.
 */
const samplesOf = saleSamplesForFile()
let samples: SaleSamples
beforeAll(() => {
  samples = samplesOf()
})

const hostile = `<script>alert(1)</script> & "double" 'single'`
const hostileEscaped = '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;double&quot; &apos;single&apos;'

/** A copy of a sale with hostile text wherever the vendor's API or staff supply words. */
function poisoned(sale: SaleRecord): SaleRecord {
  const copy = structuredClone(sale)
  copy.staffNote = hostile
  for (const item of copy.order!.items) {
    item.showTitle = hostile
    item.sectionAlias = hostile
    item.priceCategoryAlias = hostile
    for (const line of item.lines) line.priceClassAlias = hostile
    for (const seat of item.seats) seat.row = hostile
  }
  for (const ticket of copy.order!.tickets) {
    ticket.sectionAlias = hostile
    ticket.row = hostile
  }
  return copy
}

describe('tickets', () => {
  it('one per place: show, date, section, row, seat, price class, fees, reference, and a QR code', () => {
    const { sale } = samples.card
    const order = sale.order!
    const docs = ticketDocuments(sale)
    expect(order.tickets).toHaveLength(2)
    expect(docs.map((d) => d.name)).toEqual([`${order.reference}-ticket-01`, `${order.reference}-ticket-02`])
    const item = order.items[0]!
    const line = item.lines[0]!
    expect(line.fees.length).toBeGreaterThan(0)
    order.tickets.forEach((ticket, i) => {
      const page = docs[i]!.html
      expect(page).toContain(escapeHtml(item.showTitle!))
      expect(page).toContain(singaporeTime(item.showDate))
      expect(page).toContain(`<span class="value">${escapeHtml(ticket.sectionAlias!)}</span>`)
      expect(page).toContain(`<span class="value">${ticket.row}</span>`)
      expect(page).toContain(`<span class="value">${ticket.seat}</span>`)
      expect(page).toContain(`<dd class="price-class">${line.priceClassAlias}</dd>`)
      expect(page).toContain(line.unitPrice.formatted)
      expect(page).toContain(`<dt>Booking fee</dt><dd>${line.fees[0]!.charge.formatted}</dd>`)
      expect(page).toContain(order.reference)
      expect(page).toContain(ticket.ticketNumber)
      expect(page).toContain(`<p class="barcode">${ticket.barcode}</p>`)
      expect(page).toMatch(/<svg class="qr"[^>]*viewBox="0 0 \d+ \d+"[^>]*><rect [^>]*\/><path d="M[\d hvzM-]+"/)
      expect(page).toContain(`Ticket ${i + 1} of 2`)
    })
    // Two tickets, two codes.
    expect(docs[0]!.html.match(/<path d="[^"]+"/)![0]).not.toBe(docs[1]!.html.match(/<path d="[^"]+"/)![0])
  })

  it('say "General admission" where a ticket has no row or seat', () => {
    const sale = structuredClone(samples.card.sale)
    for (const ticket of sale.order!.tickets) Object.assign(ticket, { row: null, seat: null, inventoryId: null })
    const [page] = ticketDocuments(sale).map((d) => d.html)
    expect(page).toContain('<span class="value">General admission</span>')
    expect(page).not.toContain('<span class="label">Row</span>')
    // Still matched to its show and price class without a seat to go by.
    expect(page).toContain(`<dd class="price-class">${sale.order!.items[0]!.lines[0]!.priceClassAlias}</dd>`)
  })

  it('name the venue of the show, as the catalogue listed it when the order was placed', () => {
    const { sale, steps } = samples.card
    const venues = venuesFromSteps(steps)
    expect(venues).toEqual({ [sale.order!.items[0]!.productId]: 'Grand Theatre' })
    const [ticket] = ticketDocuments(sale, { venues })
    expect(ticket!.html).toContain('<p class="venue">Grand Theatre</p>')
    expect(receiptDocument(sale, { venues }).html).toContain('<p class="venue">Grand Theatre</p>')
  })

  it('are marked as training on the training backend, and only there', () => {
    const training = samples.card.sale
    expect(training.backend).toMatch(/^sandbox\//)
    const mark = '<p class="training-mark">TRAINING — not valid for entry or payment</p>'
    for (const doc of [...ticketDocuments(training), receiptDocument(training), refundSlipDocument(samples.refunded.sale)]) expect(doc.html).toContain(mark)
    const live = { ...structuredClone(training), backend: 'production/venue' }
    for (const doc of [...ticketDocuments(live), receiptDocument(live)]) expect(doc.html).not.toContain('<p class="training-mark">')
  })

  it('are never made for a sale the vendor has not confirmed', () => {
    expect(() => ticketDocuments(samples.refunded.sale)).toThrow(/not confirmed/)
    const unconfirmed = { ...structuredClone(samples.card.sale), state: 'paid' as const }
    expect(() => ticketDocuments(unconfirmed)).toThrow(/not confirmed/)
  })
})

describe('receipts', () => {
  it('a card sale: brand, reference, date, each line with its fees, delivery, total, card and payment reference', () => {
    const { sale, steps } = samples.card
    const order = sale.order!
    const card = cardFromSteps(steps)
    // The card as the terminal (the simulated Adyen terminal, through the real adapter) reported it.
    expect(card).toEqual({
      brand: 'VISA',
      last4: '1111',
      receipt: { maskedPan: '411111******1111', authCode: expect.stringMatching(/^\d{6}$/), aid: 'A0000000031010', entryMode: 'Contactless', lines: expect.arrayContaining(['Card 411111******1111']) },
    })
    const doc = receiptDocument(sale, { card, brand: 'Grand Theatre Box Office' })
    expect(doc.name).toBe(`${order.reference}-receipt`)
    const page = doc.html
    // What card schemes require: brand and masked card, auth code, AID, and the terminal's own lines.
    expect(page).toContain('<dd class="card">VISA •••• 1111</dd>')
    expect(page).toContain(`<dd class="auth-code">${card!.receipt!.authCode}</dd>`)
    expect(page).toContain('<dd class="aid">A0000000031010</dd>')
    expect(page).toContain('<span class="terminal-line">Card 411111******1111</span>')
    expect(page).toContain(`<span class="terminal-line">Auth. code ${card!.receipt!.authCode}</span>`)
    const item = order.items[0]!
    const line = item.lines[0]!
    const seats = item.seats.map((s) => s.seat).join(', ')
    const cents = (amount: number) => Math.round(amount * 100)
    expect(page).toContain('Grand Theatre Box Office')
    expect(page).toContain(`<dd class="reference">${order.reference}</dd>`)
    expect(page).toContain(singaporeTime(order.confirmedTime))
    expect(singaporeTime(order.confirmedTime)).toMatch(/^\w{3}, \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/)
    expect(page).toContain(escapeHtml(item.showTitle!))
    expect(page).toContain(singaporeTime(item.showDate))
    expect(page).toContain(`${item.sectionAlias} · ${item.priceCategoryAlias}`)
    expect(page).toContain(`Seats: Row ${item.seats[0]!.row}: ${seats}`)
    expect(page).toContain(`<td>${line.priceClassAlias} × ${line.quantity}</td><td class="amount">S$${((cents(line.unitPrice.amount) * line.quantity) / 100).toFixed(2)}</td>`)
    expect(page).toContain(`${line.unitPrice.formatted} each`)
    const fee = line.fees[0]!
    expect(page).toContain(`<td>Booking fee × ${line.quantity}</td><td class="amount">S$${((cents(fee.charge.amount) * line.quantity) / 100).toFixed(2)}</td>`)
    expect(page).toContain(item.subtotal.formatted)
    expect(page).toContain('Delivery: E-ticket')
    expect(page).toContain(`<td class="amount">${order.amountToBePaid.formatted}</td>`)
    expect(order.amountToBePaid.amount * 100).toBeCloseTo(sale.amountCents)
    expect(page).toContain(`<dd class="card">${card!.brand} •••• ${card!.last4}</dd>`)
    expect(page).toContain(order.paymentReference!)
    expect(order.paymentReference).toBe(sale.paymentRef)
  })

  it('a cash sale: the cash taken, tendered and the change given', () => {
    const { sale } = samples.cash
    expect(sale.changeCents).toBe(1250)
    const page = receiptDocument(sale).html
    expect(page).toContain(`<dt>Cash</dt><dd>S$${(sale.amountCents / 100).toFixed(2)}</dd>`)
    expect(page).toContain(`<dt>Tendered</dt><dd>S$${((sale.amountCents + 1250) / 100).toFixed(2)}</dd>`)
    expect(page).toContain('<dt>Change</dt><dd class="change">S$12.50</dd>')
    expect(page).toContain(sale.paymentRef!)
    expect(page).not.toContain('class="card"')
  })
})

describe('money on documents', () => {
  it('is written as the screen writes it, thousands separator included, whatever form the vendor sent', () => {
    const sale = structuredClone(samples.cash.sale)
    // A sale over a thousand dollars, with the vendor's own display strings lacking the separator.
    sale.amountCents = 123_450
    sale.tenderedCents = 150_000
    sale.changeCents = 26_550
    sale.order!.amountToBePaid = { amount: 1234.5, currency: 'SGD', formatted: 'S$1234.50' }
    const line = sale.order!.items[0]!.lines[0]!
    line.unitPrice = { amount: 1100, currency: 'SGD', formatted: 'S$1100.00' }
    const page = receiptDocument(sale).html
    for (const cents of [123_450, 150_000, 26_550, 110_000]) expect(page).toContain(formatMoney(cents, 'en-SG'))
    expect(formatMoney(123_450, 'en-SG')).toBe('S$1,234.50')
    expect(page).not.toMatch(/S\$\d{4}/)
    const ticket = ticketDocuments(sale).find((d) => d.html.includes(formatMoney(110_000, 'en-SG')))
    expect(ticket).toBeDefined()
  })
})

describe('refund slips', () => {
  it('reference, amount refunded, to which card, why, and when', () => {
    const { sale, steps } = samples.refunded
    expect(sale.state).toBe('refunded')
    const doc = refundSlipDocument(sale, { card: cardFromSteps(steps) })
    expect(doc.name).toBe(`${sale.reference}-refund`)
    expect(doc.html).toContain(`<dd class="reference">${sale.reference}</dd>`)
    expect(doc.html).toContain(`<td class="amount">S$${(sale.amountCents / 100).toFixed(2)}</td>`)
    expect(doc.html).toMatch(/<dt>Refunded to card<\/dt>\s*<dd>\w+ •••• \d{4}<\/dd>/)
    // Why: the note's sentence in the paper's words, naming the payment and the booking.
    expect(doc.html).toMatch(new RegExp(`<p>Card payment ${sale.paymentKey} of ${sale.reference} was refunded\\. Why: the vendor did not confirm the order \\(.+\\) and has it as CANCELLED\\.</p>`))
    expect(doc.html).toContain(singaporeTime(sale.updatedAt))
    expect(() => refundSlipDocument(samples.card.sale)).toThrow(/not refunded/)
  })

  it("says why in the paper's language, not in English", () => {
    const { sale, steps } = samples.refunded
    const doc = refundSlipDocument(sale, { card: cardFromSteps(steps), language: 'zh-CN' })
    expect(doc.html).toContain(`${sale.reference} 的刷卡付款 ${sale.paymentKey} 已退款。`)
    expect(doc.html).toContain('原因：票务供应商未确认订单（')
    // The reason is a sentence of its own in the paper's words: no English left inside the Chinese.
    expect(doc.html).not.toMatch(/was refunded|could not be confirmed|confirm failed|the vendor has/)
  })

  it('prints a note an older Foyer wrote in English as it is', () => {
    const older = { ...samples.refunded.sale, staffNote: 'Card payment P-1 of FOY-OLD was refunded: the order could not be confirmed (confirm failed: vendor.conflict).' }
    const doc = refundSlipDocument(older, { language: 'ms-MY' })
    expect(doc.html).toContain('<p>Card payment P-1 of FOY-OLD was refunded: the order could not be confirmed (confirm failed: vendor.conflict).</p>')
  })

  it('escapes what the terminal or vendor said inside a note', () => {
    const note = staffNoteText([{ key: 'refundFailed', params: { paymentKey: 'P-1', reference: 'FOY-1', error: hostile } }, { key: 'whyNotConfirmed', params: { code: hostile, orderStatus: hostile } }])
    const doc = refundSlipDocument({ ...samples.refunded.sale, staffNote: note })
    expect(doc.html).toContain(`could not be refunded (${hostileEscaped})`)
    expect(doc.html).toContain(`did not confirm the order (${hostileEscaped}) and has it as ${hostileEscaped}`)
    expect(doc.html).not.toContain('<script>')
  })
})

describe("the customer's language", () => {
  /** The words a document prints itself (every text but the vendor's), for each language: the ticket's and the receipt's. */
  const printed = {
    'zh-CN': { ticket: ['票种', '票价', '订单编号', '第 1 张，共 2 张', '入场时请出示此码'], receipt: ['收据', '订单编号', '取票方式', '总计', '付款编号', '谢谢惠顾'] },
    'zh-HK': { ticket: ['票種', '票價', '訂單編號', '第 1 張，共 2 張', '入場時請出示此碼'], receipt: ['收據', '訂單編號', '取票方式', '總計', '付款編號', '多謝惠顧'] },
    'ms-MY': { ticket: ['Jenis tiket', 'Harga', 'Rujukan tempahan', 'Tiket 1 daripada 2', 'Tunjukkan kod ini'], receipt: ['Resit', 'Rujukan tempahan', 'Penghantaran', 'Jumlah', 'Rujukan pembayaran', 'Terima kasih'] },
  } as const

  it.each(Object.entries(printed))('tickets and the receipt are in %s, dates too, with no English words of their own', (language, words) => {
    const { sale, steps } = samples.card
    const options = { card: cardFromSteps(steps), language: language as keyof typeof printed }
    const ticket = ticketDocuments(sale, options)[0]!.html
    const receipt = receiptDocument(sale, options).html
    for (const word of words.ticket) expect(ticket).toContain(word)
    for (const word of words.receipt) expect(receipt).toContain(word)
    for (const page of [ticket, receipt]) {
      expect(page).toContain(`<html lang="${language}">`)
      expect(page).toContain(singaporeTime(sale.order!.items[0]!.showDate, options.language))
      // What is printed: no comments or styles.
      const paper = page.replace(/<!--[\s\S]*?-->/g, '').replace(/<style>[\s\S]*?<\/style>/g, '')
      expect(paper).not.toMatch(/Booking reference|Ticket type|Receipt|Payment reference|Show this code/)
    }
    expect(singaporeTime(sale.order!.items[0]!.showDate, options.language)).not.toBe(singaporeTime(sale.order!.items[0]!.showDate))
  })

  it('says no seat word for general admission (a lawn has none), in any language', () => {
    const sale = structuredClone(samples.card.sale)
    for (const item of sale.order!.items) for (const seat of item.seats) Object.assign(seat, { row: null, seat: null })
    for (const ticket of sale.order!.tickets) Object.assign(ticket, { row: null, seat: null, inventoryId: null })
    const seatWords = { 'en-SG': /\bseat/i, 'zh-CN': /座/, 'zh-HK': /座/, 'ms-MY': /tempat duduk/i } as const
    for (const [language, seatWord] of Object.entries(seatWords)) {
      const options = { language: language as keyof typeof seatWords }
      for (const doc of [...ticketDocuments(sale, options), receiptDocument(sale, options)]) {
        // The words on the paper: no comments, styles or markup (class="seats" is no word of it).
        const paper = doc.html.replace(/<!--[\s\S]*?-->/g, '').replace(/<style>[\s\S]*?<\/style>/g, '').replace(/<[^>]*>/g, ' ')
        expect(paper, `${language} ${doc.name}`).not.toMatch(seatWord)
      }
    }
  })

  it('is the one the sale was made in, kept in the journal; English for a sale from before it was kept', () => {
    const step = samples.card.steps.find((s) => s.step === 'order-language')!
    // The sample sale was bought without saying its language: English.
    expect(step.detail).toEqual({ language: 'en-SG' })
    expect(languageFromSteps([{ ...step, detail: { language: 'zh-HK' } }])).toBe('zh-HK')
    expect(languageFromSteps([{ ...step, detail: { language: 'xx-YY' } }])).toBe('en-SG')
    expect(languageFromSteps(samples.card.steps.filter((s) => s.step !== 'order-language'))).toBe('en-SG')
  })
})

describe('hostile text', () => {
  it('is escaped everywhere: no markup, no script gets into a document', () => {
    const card = poisoned(samples.card.sale)
    const refunded = poisoned(samples.refunded.sale)
    const docs = [...ticketDocuments(card), receiptDocument(card, { brand: hostile }), refundSlipDocument(refunded, { brand: hostile })]
    for (const doc of docs) {
      expect(doc.html).not.toMatch(/<script/i)
      expect(doc.html).toContain(hostileEscaped)
      // The document's own policy would refuse a script all the same.
      expect(doc.html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'" />`)
    }
    expect(docs[0]!.html).toContain(`<span class="value">${hostileEscaped}</span>`)
  })

  it('the templates themselves carry no script and fill only named slots', () => {
    const templates = printTemplates()
    for (const text of Object.values(templates)) expect(text).not.toMatch(/<script|javascript:|\son\w+=/i)
    expect(() => fillTemplate('<p>{{a}}</p>', {})).toThrow(/slot \{\{a\}\} has no value/)
    expect(() => fillTemplate('<p>{{a}}</p>', { a: 'x', b: 'y' })).toThrow(/no slot for b/)
    // A value that looks like a slot is text, not filled again.
    expect(fillTemplate('<p>{{a}}</p><p>{{b}}</p>', { a: '{{b}}', b: html`<b>${'<i>'}</b>` })).toBe('<p>{{b}}</p><p><b>&lt;i&gt;</b></p>')
  })
})
