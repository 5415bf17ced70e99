import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { call } from '../../../electron/ipc-core/dispatcher'
import { SpoolPrinter } from '../../../electron/browser-host/spool-printer'
import { startRuntime, type Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { heldOrderRequest, sandboxConnection } from '../../support/checkout-fixtures'

/**
 * The browser host's print spool keeps its newest documents only: a sale
 * spools its PDFs (~110 kB), and a host left selling would fill its disk.
 */
let rig: ApiRig
let runtime: Runtime | null = null
let spoolDir = ''
let printer: SpoolPrinter
beforeEach(async () => {
  rig = await apiRig()
  spoolDir = await mkdtemp(join(tmpdir(), 'foyer-spool-bound-'))
})
afterEach(async () => {
  await runtime?.close()
  runtime = null
  await printer?.close()
  await rig?.close()
  await rm(spoolDir, { recursive: true, force: true })
})

describe('the print spool', () => {
  it('keeps at most its bound of PDFs after many sales, the newest ones', async () => {
    // Each sale spools its tickets and a receipt, through Chromium's PDF printing: three sales are well past the bound.
    const keep = 2
    printer = new SpoolPrinter({ spoolDir, keep })
    runtime = await startRuntime({
      facts: { appVersion: 't', mode: 'self-service', host: 'browser' },
      dataDir: null,
      connection: sandboxConnection(rig),
      log: { warn: () => {}, error: () => {} },
      checkout: { sleep: async () => {} },
      printer,
    })
    const dispatcher = runtime.services.dispatcher
    const journal = () => runtime!.sales.context!.checkout.journal
    const references: string[] = []
    for (let sale = 0; sale < 3; sale++) {
      const order = await heldOrderRequest(dispatcher, rig.direct)
      const invoice = await call(dispatcher, 'checkout.submit', { order })
      if (!invoice.ok) throw new Error(invoice.error.code)
      const paid = await call(dispatcher, 'checkout.pay', { saleId: invoice.value.saleId, tender: 'card', testCard: 'approve' })
      if (!paid.ok) throw new Error(paid.error.code)
      await expect.poll(() => journal().get(invoice.value.saleId)?.state, { timeout: 30_000 }).toBe('printed')
      references.push(invoice.value.reference)
      const spooled = (await readdir(spoolDir)).filter((name) => name.endsWith('.pdf'))
      expect(spooled.length).toBeLessThanOrEqual(keep)
    }
    const spooled = await readdir(spoolDir)
    expect(spooled).toHaveLength(keep)
    // The last sale's documents are there; the first sales' are gone.
    expect(spooled.some((name) => name.startsWith(references.at(-1)!))).toBe(true)
    expect(spooled.some((name) => name.startsWith(references[0]!))).toBe(false)
  }, 60_000)
})
