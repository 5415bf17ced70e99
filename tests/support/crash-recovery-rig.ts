import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import type { DocumentPrinter } from '../../electron/printing/printer-port'
import { startRuntime, type Runtime } from '../../electron/services/runtime'
import { apiRig, type ApiRig } from './api-fixtures'
import { crashCheckoutAt, type CrashedSale, type CrashOptions } from './checkout-crash'
import { sandboxConnection } from './checkout-fixtures'
import { freezeCheckoutAt } from './checkout-freeze'
import { freezeSplitAt, type SplitCrash } from './split-freeze'

/**
 * What the crash-recovery tests share: a fresh sandbox and data folder for
 * each test, a sale crashed at a step on that folder (in this process through
 * checkout's `afterStep`, or with `kill` in another process killed by
 * SIGKILL), Foyer starting again on it, and the vendor's own view of the sale.
 */
export interface CrashRecoveryRig {
  readonly rig: ApiRig
  /** A sale crashed at `step` in this process (./checkout-freeze.ts). */
  crashAt(step: string, options?: Pick<CrashOptions, 'card' | 'env'>): Promise<CrashedSale>
  /** A split sale (cash part, then card) crashed at the `occurrence`th `step` in this process (./split-freeze.ts). */
  splitCrashAt(step: string, options?: SplitCrash): Promise<CrashedSale>
  /** A sale crashed at `step` in another Foyer process, killed by SIGKILL (./checkout-crash.ts). */
  killAt(step: string, options?: CrashOptions): Promise<CrashedSale>
  /** Foyer starting again on the same data folder: recovery runs as it connects. */
  restart(printer?: DocumentPrinter | null): Promise<Runtime>
  /** Whether the sale's seats can be taken at the vendor (taken, then given straight back). */
  seatsFreeAtVendor(sale: CrashedSale): Promise<boolean>
  vendorStatus(reference: string): Promise<string>
  /** The data folder the sale crashed into (its foyer.db). */
  readonly dataDir: string
}

export function crashRecoveryPerTest(): CrashRecoveryRig {
  let rig: ApiRig | null = null
  let dataDir = ''
  let runtime: Runtime | null = null
  beforeEach(async () => {
    rig = await apiRig()
    dataDir = mkdtempSync(join(tmpdir(), 'foyer-crash-'))
  })
  afterEach(async () => {
    await runtime?.close()
    runtime = null
    await rig?.close()
    rig = null
  })
  const current = () => {
    if (!rig) throw new Error('no test is running')
    return rig
  }
  return {
    get rig() {
      return current()
    },
    get dataDir() {
      return dataDir
    },

    crashAt: (step, options) => freezeCheckoutAt(current(), dataDir, step, options),
    splitCrashAt: (step, options) => freezeSplitAt(current(), dataDir, step, options),
    killAt: (step, options) => crashCheckoutAt(current(), dataDir, step, options),
    restart: async (printer = null) => {
      runtime = await startRuntime({
        printer,
        facts: { appVersion: 't', mode: 'self-service', host: 'browser' },
        dataDir,
        connection: sandboxConnection(current()),
        log: { warn: () => {}, error: () => {} },
        checkout: { sleep: async () => {} },
      })
      return runtime
    },
    seatsFreeAtVendor: async (sale) => {
      const { direct } = current()
      const attempt = await direct.post(`/products/${sale.productId}/seats`, { reservedSeatList: sale.inventoryIds })
      if (attempt.body.status === 0) await direct.post(`/products/${sale.productId}/seats`, { releasedSeatList: sale.inventoryIds })
      return attempt.body.status === 0
    },
    vendorStatus: async (reference) => (await current().direct.get(`/orders/${reference}`)).body.orderStatus as string,
  }
}
