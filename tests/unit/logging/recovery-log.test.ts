import { mkdtempSync } from 'node:fs'
import { readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openHostLog, type HostLog } from '../../../electron/logging/host-log'
import { startRuntime, type Runtime } from '../../../electron/services/runtime'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { sandboxConnection } from '../../support/checkout-fixtures'
import { freezeCheckoutAt } from '../../support/checkout-freeze'

/**
 * Every decision recovery makes after a crash is in the kiosk's log, not only
 * the journal: which sale, from what state to what, so support can read what
 * happened at start without opening the database.
 */
let rig: ApiRig
let dataDir = ''
let runtime: Runtime | null = null
let host: HostLog | null = null
beforeEach(async () => {
  rig = await apiRig()
  dataDir = mkdtempSync(join(tmpdir(), 'foyer-recovery-log-'))
})
afterEach(async () => {
  await runtime?.close()
  await host?.close()
  await rig.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('the log after a crash', { timeout: 60_000 }, () => {
  it('says each sale recovery settled, from what state to what', async () => {
    // Crashed in this process once paid (checkout-freeze.ts): the next start finds what a SIGKILL there leaves.
    const sale = await freezeCheckoutAt(rig, dataDir, 'payment-approved')
    host = await openHostLog(dataDir, {})
    runtime = await startRuntime({
      facts: { appVersion: 't', mode: 'self-service', host: 'browser' },
      dataDir,
      connection: sandboxConnection(rig),
      log: host.log,
      checkout: { sleep: async () => {} },
    })
    await expect.poll(() => runtime!.sales.context!.checkout.journal.get(sale.saleId)?.state, { timeout: 30_000 }).toBe('confirmed')
    const logs = join(dataDir, 'logs')
    const lines = async () =>
      (await Promise.all((await readdir(logs)).map((name) => readFile(join(logs, name), 'utf8')))).join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>)
    await expect.poll(async () => (await lines()).find((line) => line.msg === 'recovery settled a sale'), { timeout: 10_000 }).toMatchObject({
      level: 'warn',
      saleId: sale.saleId,
      reference: sale.reference,
      from: 'paid',
      to: 'confirmed',
    })
  })
})
