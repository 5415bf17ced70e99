import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ChannelName, Reply } from '../../electron/contract'
import type { AppServices } from '../../electron/services/app-services'
import { inProcessSandbox } from './in-process-sandbox'
import { startHostRuntime, type HostRuntime } from '../../electron/services/host-runtime'
import type { KioskControl } from '../../electron/services/kiosk-service'
import type { HostLayouts } from '../../electron/printing/sale-printer'
import { Enrolment } from '../../electron/settings/enrolment'
import { StaffAccounts } from '../../electron/settings/staff-accounts'
import { PinGate } from '../../electron/settings/staff-pin'
import type { StaffMember } from '../../electron/counter/counter-desk'
import { staffCheck } from '../../electron/services/staff-service'

/**
 * Host runtimes started exactly as the hosts start them (startHostRuntime, the
 * built-in sandbox), for tests of the staff channels. Nothing is mocked: the
 * tests talk to the real dispatcher.
 */
const quiet = { warn: () => {}, error: () => {} }

/** The enrolment code test runtimes start with, as an installer's FOYER_ENROLMENT_CODE gives it. */
export const TEST_ENROLMENT_CODE = 'TEST-ENROL-2026-CODE'
/** staff.setPin's request for the first PIN of a test runtime. */
export const firstPin = (newPin: string) => ({ newPin, enrolmentCode: TEST_ENROLMENT_CODE })
/** The enrolment of staff services a test builds by hand (adminHandlers). */
export const testEnrolment = (): Enrolment => new Enrolment(TEST_ENROLMENT_CODE)

/**
 * Staff accounts kept in `dir` with a fresh PIN gate, checked as the hosts check them: what a test
 * that builds adminHandlers by hand gives it (and startRuntime's `staff`, so the counter signs in).
 */
export async function testStaff(dir: string, gate: PinGate = new PinGate()) {
  const accounts = await StaffAccounts.open(dir, null)
  return { gate, accounts, check: staffCheck(accounts, gate) }
}

/** The cashier tests about selling sign in directly (counter-sign-in.test.ts pins the sign-in itself). */
export const TEST_CASHIER: StaffMember = { staffId: '00000000-0000-4000-8000-0000000000c1', name: 'Test Cashier', role: 'cashier' }

/** A channel call handed straight to the dispatcher, as a renderer call arrives over IPC. */
export type Ask = (channel: ChannelName, request?: unknown) => Promise<Reply<unknown>>

export function askOf(services: AppServices): Ask {
  return (channel, request = {}) => services.dispatcher.dispatch(channel, request, { transport: 'test' })
}

export interface StaffHost {
  runtime: HostRuntime
  /** The host's own data folder (settings.json is written here). */
  dataDir: string
  ask: Ask
  /** Stops the runtime and removes its data folder. */
  close(): Promise<void>
}

/**
 * The browser host's runtime with its settings in a fresh temporary data
 * folder (named from `folderPrefix`), and the staff PIN already set to `pin`;
 * `layouts`: how it lays documents out for a chosen printer (none unless given).
 */
export async function startStaffHost(folderPrefix: string, pin: string, layouts: HostLayouts = {}): Promise<StaffHost> {
  const dataDir = await mkdtemp(join(tmpdir(), folderPrefix))
  const runtime = await startHostRuntime({ enrolmentCode: TEST_ENROLMENT_CODE }, { appVersion: 't', host: 'browser' }, dataDir, quiet, inProcessSandbox, null, null, undefined, layouts)
  const ask = askOf(runtime.services)
  const set = await ask('staff.setPin', firstPin(pin))
  if (!set.ok) throw new Error(`could not set the staff PIN: ${set.error.code}`)
  return {
    runtime,
    dataDir,
    ask,
    async close() {
      await runtime.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Electron main's runtime for a self-service kiosk on the sandbox, in memory
 * (no data folder, so no staff PIN set yet), applying its lock to `kiosk`
 * (RecordedKioskWindow from kiosk-window.ts records what the window would get).
 * Closing the runtime is the caller's.
 */
export async function startKioskHost(kiosk: KioskControl): Promise<{ runtime: HostRuntime; ask: Ask }> {
  const runtime = await startHostRuntime({ enrolmentCode: TEST_ENROLMENT_CODE, mode: 'self-service', backend: 'sandbox' }, { appVersion: 't', host: 'electron' }, null, quiet, inProcessSandbox, null, kiosk)
  return { runtime, ask: askOf(runtime.services) }
}
