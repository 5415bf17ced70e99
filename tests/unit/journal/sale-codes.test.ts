import Database from 'better-sqlite3'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AppMode, Order, OrderRequest } from '../../../electron/contract'
import { saleFinderHandler } from '../../../electron/checkout/sale-finder'
import { CounterDesk } from '../../../electron/counter/counter-desk'
import { migrations, openLocalDb, type LocalDb } from '../../../electron/database/local-db'
import { SALE_CODES_TABLE } from '../../../electron/database/sale-codes-migration'
import { FoyerError } from '../../../electron/ipc-core/foyer-error'
import { SalesJournal } from '../../../electron/journal/sales-journal'

/**
 * The codes a counter's scanner finds a sale by (issue #34): the booking reference and every ticket's
 * barcode, indexed in `sale_codes` as the journal learns them, the sales an older Foyer kept indexed by
 * the migration, and `sales.find` answering only a signed-in counter.
 */
const BACKEND = 'sandbox/foyer-training'
const money = (amount: number) => ({ amount, currency: 'SGD', formatted: `S$${amount}` })
const request: OrderRequest = {
  patron: { email: 'walkup@example.com' },
  items: [{ productId: 7, sectionId: 3, priceCategoryId: 2, mode: 'BA', quantity: 2, lines: [{ priceClassCode: 'A', quantity: 2 }] }],
  deliveryMethodCode: 'PRINT_ON_SITE',
  paymentMethodCode: 'CASH',
  totalAmount: 120,
} as OrderRequest

function orderOf(reference: string, barcodes: string[]): Order {
  return {
    orderId: 1,
    reference,
    status: 'CONFIRMED',
    patronAccountNo: null,
    amountToBePaid: money(120),
    reservedTime: null,
    expirationTime: null,
    deliveryMethodCode: 'PRINT_ON_SITE',
    deliveryCharge: null,
    paymentMethodCode: 'CASH',
    items: [],
    confirmedTime: null,
    paymentReference: null,
    tickets: barcodes.map((barcode, i) => ({ ticketNumber: `${reference}-0${i + 1}`, barcode, productId: 7, sectionAlias: 'Stalls', row: 'A', seat: String(i + 1), inventoryId: i + 1, priceClassCode: 'A' })),
  }
}

const folder = () => mkdtempSync(join(tmpdir(), 'foyer-sale-codes-'))

/** A sale sold and confirmed through the journal, as checkout writes it. */
function sold(journal: SalesJournal, saleId: string, reference: string, barcodes: string[]): void {
  journal.begin({ saleId, tender: 'cash', request })
  journal.record(saleId, 'order-submitted', 'submitted', { reference })
  journal.record(saleId, 'order-confirmed', 'confirmed', { order: orderOf(reference, barcodes) })
}

describe('the journal index of scanned codes', () => {
  it('finds a sale by a ticket barcode or its reference (any case), of this backend only, in one indexed lookup', () => {
    const db = openLocalDb(folder())
    const journal = new SalesJournal(db, BACKEND)
    sold(journal, 'sale-1', 'FYABC123', ['1234567890123456', '6543210987654321'])
    sold(new SalesJournal(db, 'staging/venue'), 'sale-2', 'FYOTHER1', ['1111222233334444'])
    expect(journal.byCode('6543210987654321').map((f) => [f.sale.saleId, f.kind])).toEqual([['sale-1', 'ticket']])
    expect(journal.byCode('fyabc123').map((f) => [f.sale.saleId, f.kind])).toEqual([['sale-1', 'reference']])
    expect(journal.byCode('1111222233334444')).toEqual([])
    expect(journal.byCode('0000000000000000')).toEqual([])
    // The lookup is the index's (the table's own key: it is kept WITHOUT ROWID), not a scan of the journal's JSON.
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT sale_id FROM sale_codes WHERE code = '1234567890123456'").all() as { detail: string }[]
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING (COVERING )?INDEX|USING PRIMARY KEY/)
    db.close()
  })

  it("indexes the sales an older Foyer kept when it upgrades, skipping a row whose order cannot be read", () => {
    const dir = folder()
    const old = new Database(join(dir, 'foyer.db'))
    const version = migrations.indexOf(SALE_CODES_TABLE)
    for (const sql of migrations.slice(0, version)) old.exec(sql)
    old.pragma(`user_version = ${version}`)
    const insert = old.prepare(
      `INSERT INTO sales (sale_id, backend, state, tender, payment_method, amount_cents, reference, request_json, order_json, created_at, updated_at)
       VALUES (?, ?, 'confirmed', 'cash', 'CASH', 12000, ?, ?, ?, 1, 2)`,
    )
    insert.run('kept', BACKEND, 'FYKEPT01', JSON.stringify(request), JSON.stringify(orderOf('FYKEPT01', ['9999888877776666'])))
    insert.run('unreadable', BACKEND, 'FYBROKEN', JSON.stringify(request), '{not json')
    insert.run('unconfirmed', BACKEND, null, JSON.stringify(request), null)
    old.close()

    const db: LocalDb = openLocalDb(dir)
    const journal = new SalesJournal(db, BACKEND)
    expect(journal.byCode('9999888877776666').map((f) => f.sale.saleId)).toEqual(['kept'])
    expect(journal.byCode('FYKEPT01').map((f) => f.sale.saleId)).toEqual(['kept'])
    expect(db.prepare("SELECT code, kind FROM sale_codes WHERE sale_id = 'unreadable'").all()).toEqual([{ code: 'FYBROKEN', kind: 'reference' }])
    expect(journal.byCode('FYBROKEN')).toEqual([])
    expect(db.prepare('SELECT count(*) AS n FROM sale_codes').get()).toEqual({ n: 3 })
    db.close()
  })
})

describe('sales.find', () => {
  /** A counter (or kiosk) with the journal, its open shift and who is signed in: main's own pieces, no sandbox needed to look up. */
  function finder(mode: AppMode) {
    const db = openLocalDb(folder())
    const journal = new SalesJournal(db, BACKEND)
    sold(journal, 'sale-1', 'FYABC123', ['1234567890123456'])
    const desk = new CounterDesk({ info: () => ({ mode }), onModeChange: () => () => {} })
    const find = saleFinderHandler({ journal: () => journal, openShiftId: () => null, mode: () => mode, desk, atHub: null })
    return { find: (code: string) => find({ code }, undefined as never), desk }
  }
  const refusal = async (answer: Promise<unknown>) => {
    const error = await answer.then(() => null, (e: unknown) => e)
    expect(error).toBeInstanceOf(FoyerError)
    return (error as FoyerError).code
  }

  it('refuses a self-service kiosk', async () => {
    expect(await refusal(Promise.resolve(finder('self-service').find('1234567890123456')))).toBe('sales.find-counter-only')
  })

  it('refuses a counter nobody is signed in to', async () => {
    expect(await refusal(Promise.resolve(finder('counter').find('1234567890123456')))).toBe('counter.signed-out')
  })

  it('answers a signed-in counter the sale a barcode names, with what may be done here; an unknown code is null', async () => {
    const { find, desk } = finder('counter')
    desk.signIn({ staffId: 's1', name: 'Aisha Rahman', role: 'cashier' })
    const found = await find(' 1234567890123456 ')
    expect(found).toMatchObject({ source: 'here', saleId: 'sale-1', reference: 'FYABC123', matched: 'ticket', standing: 'sold', canReprint: true, canRefund: false })
    expect(found?.tickets.map((t) => [t.barcode, t.scanned])).toEqual([['1234567890123456', true]])
    expect(await find('0000000000000000')).toBeNull()
    expect(await find('not a code!')).toBeNull()
  })
})
