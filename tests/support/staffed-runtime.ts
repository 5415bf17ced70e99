import type { Logger } from '../../electron/ipc-core/logger'
import { adminHandlers, type AdminContext } from '../../electron/services/admin-service'
import { startRuntime, type Runtime, type RuntimeOptions } from '../../electron/services/runtime'
import { SettingsFile } from '../../electron/settings/settings-file'
import type { LocalDb } from '../../electron/database/local-db'
import type { CredentialVault } from '../../electron/vault/credential-vault'
import { KeytarVault } from '../../electron/vault/keytar-vault'
import type { ApiRig } from './api-fixtures'
import { sandboxConnection } from './checkout-fixtures'
import { testEnrolment, testStaff } from './staff-runtime'

/** For channels that never touch secrets: a vault that refuses to store proves they do not. */
export const refusingVault: CredentialVault = {
  store: async () => {
    throw new Error('not here')
  },
  read: async () => null,
  remove: async () => {},
} as unknown as CredentialVault

export interface StaffedRuntimeOptions {
  mode: 'counter' | 'self-service'
  /** The data folder: settings, staff accounts and the journal. */
  dir: string
  vault?: CredentialVault
  log?: Logger
  /** More of the staff screen's context, given the runtime's database (e.g. `support`). */
  admin?: (db: LocalDb) => Partial<AdminContext>
  /** More of checkout's options (e.g. `afterStep`, to crash a sale at a step). */
  checkout?: RuntimeOptions['checkout']
  /** The sale's printer and the printer readiness asks (none: nothing prints, the system printer taken as ready). */
  printing?: Pick<RuntimeOptions, 'printer' | 'askablePrinter' | 'printerSwitch'>
  /** A link to a hub, its token kept in this keychain (absent: none, the hub channels answer "unavailable"). */
  hub?: RuntimeOptions['hub']
}

/**
 * A runtime on the test's sandbox rig with staff accounts kept in `dir` and
 * the staff screen's channels, wired as the hosts wire them: what the staff,
 * refund and support tests each built by hand.
 */
export async function staffedRuntime(rig: ApiRig, options: StaffedRuntimeOptions): Promise<Runtime> {
  const settings = await SettingsFile.open(options.dir)
  const staff = await testStaff(options.dir)
  const connect = async () => sandboxConnection(rig)
  return startRuntime({
    facts: { appVersion: 't', mode: options.mode, host: 'browser' },
    dataDir: options.dir,
    connection: sandboxConnection(rig),
    log: options.log ?? { warn: () => {}, error: () => {} },
    checkout: { sleep: async () => {}, ...options.checkout },
    ...options.printing,
    cashToleranceCents: () => settings.get().cashToleranceCents,
    eticketsWhenCannotPrint: () => settings.get().eticketsWhenCannotPrint,
    staff: staff.check,
    // The hub's profile is applied through this settings store, as the hosts wire it.
    ...(options.hub ? { hub: { settings: { file: settings, accounts: staff.accounts }, ...options.hub } } : {}),
    admin: ({ sales, pushes, system, db, hub }) =>
      adminHandlers({ settings, vault: options.vault ?? new KeytarVault(), ...staff, enrolment: testEnrolment(), sales, system, pushes, connect, hub, ...options.admin?.(db) }),
  })
}
