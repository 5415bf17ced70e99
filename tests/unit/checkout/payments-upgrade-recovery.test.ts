import Database from 'better-sqlite3'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { terminalLedger } from '../../support/checkout-fixtures'
import { crashRecoveryPerTest } from '../../support/crash-recovery-rig'
import { rewriteAsOldJournal, VERSION_BEFORE_PAYMENTS } from '../../support/old-journal'

/**
 * Foyer upgraded over a sale a crash left in flight: the sale is crashed at a
 * step, its journal written again as the Foyer before payments were records
 * would have left it there (./../../support/old-journal.ts), and the new
 * Foyer starts on it. The migration makes the old row's attempt a payment
 * record, and recovery finishes or undoes the sale as it did before: charged
 * once at most, nothing confirmed unpaid.
 */
const crash = crashRecoveryPerTest()

describe('a sale in flight when Foyer is upgraded to payments as records', () => {
  it.each([
    ['payment-started', 'decline', 'cancelled', 0],
    ['payment-approved', 'approve', 'confirmed', 1],
    ['confirm-started', 'approve', 'confirmed', 1],
    ['confirmed', 'approve', 'confirmed', 1],
  ])('crashed at %s (card %s) in the old journal: recovery ends it %s, approved %i time(s)', async (step, card, end, charged) => {
    const sale = await crash.crashAt(step, { card })
    rewriteAsOldJournal(crash.dataDir)
    const old = new Database(join(crash.dataDir, 'foyer.db'), { readonly: true })
    // The file is the older Foyer's: its version, and the sale's one state and latest attempt in columns.
    expect(old.pragma('user_version', { simple: true })).toBe(VERSION_BEFORE_PAYMENTS)
    expect(old.prepare('SELECT state, attempt FROM sales').get()).toEqual({ state: { 'payment-started': 'paying', 'payment-approved': 'paid', 'confirm-started': 'paid' }[step] ?? 'confirmed', attempt: 1 })
    old.close()
    const { sales, holds } = await crash.restart()
    const after = sales.context!.checkout.journal.get(sale.saleId)!
    expect(after.state).toBe(end)
    const approved = (await terminalLedger(crash.rig)).filter((p) => p.state === 'approved')
    expect(approved).toHaveLength(charged)
    expect(await crash.vendorStatus(sale.reference)).toBe(end === 'confirmed' ? 'CONFIRMED' : 'CANCELLED')
    expect(holds.status().count).toBe(0)
  })

  it('held for staff (the terminal did not say) in the old journal: asked again after the upgrade, confirmed once, the note settled', async () => {
    const sale = await crash.crashAt('payment-unknown', { card: 'timeout' })
    rewriteAsOldJournal(crash.dataDir)
    // What the older Foyer wrote when the terminal stayed silent: needs-staff, with no payment reference.
    const db = new Database(join(crash.dataDir, 'foyer.db'))
    db.prepare(`UPDATE sales SET state = 'needs-staff', staff_note = 'The card terminal did not say.' WHERE sale_id = ?`).run(sale.saleId)
    db.close()
    const { sales } = await crash.restart()
    const after = sales.context!.checkout.journal.get(sale.saleId)!
    expect(after).toMatchObject({ state: 'confirmed', orderState: 'confirmed', heldForStaff: false })
    expect(after.staffResolvedAt).not.toBeNull()
    expect(after.payments).toMatchObject([{ seq: 1, state: 'approved', attemptKey: `${sale.reference}-1` }])
    expect((await terminalLedger(crash.rig)).map((p) => [p.key, p.state])).toEqual([[`${sale.reference}-1`, 'approved']])
  })
})
