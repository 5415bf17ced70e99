import { testStaff } from '../../support/staff-runtime'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BackendKind, Reply } from '../../../electron/contract'
import type { Logger } from '../../../electron/ipc-core/logger'
import { adminHandlers } from '../../../electron/services/admin-service'
import { vendorConnection } from '../../../electron/services/backend-connection'
import { startRuntime, type Runtime } from '../../../electron/services/runtime'
import { SettingsFile } from '../../../electron/settings/settings-file'
import type { CredentialVault } from '../../../electron/vault/credential-vault'
import { KeytarVault } from '../../../electron/vault/keytar-vault'
import { apiRig, type ApiRig } from '../../support/api-fixtures'
import { sandboxConnection } from '../../support/checkout-fixtures'
import { testEnrolment } from '../../support/staff-runtime'

/**
 * What the security tests attack: a real runtime (the same services, staff
 * services included, that the hosts run) connected to a real sandbox, with
 * every log line it writes kept, so a test can read them.
 */
export interface SecurityRig {
  rig: ApiRig
  runtime: Runtime
  settings: SettingsFile
  /** The runtime's data folder (settings.json is written here). */
  dataDir: string
  /** Every line the runtime logged, as JSON text (message and fields). */
  logLines: string[]
  close(): Promise<void>
}

export interface SecurityRigOptions {
  mode?: 'self-service' | 'counter'
  /** The vault the staff services store secrets in (default: the OS keychain through keytar). */
  vault?: CredentialVault
}

/** Log fields as JSON, errors with their message, stack and cause, so a leak in any of them is seen. */
function logText(message: string, fields?: Record<string, unknown>): string {
  return JSON.stringify({ message, fields }, (_key, value: unknown) =>
    value instanceof Error ? { name: value.name, message: value.message, stack: value.stack, cause: value.cause } : value,
  )
}

export async function startSecurityRig(options: SecurityRigOptions = {}): Promise<SecurityRig> {
  const rig = await apiRig()
  const dir = mkdtempSync(join(tmpdir(), 'foyer-security-'))
  const settings = await SettingsFile.open(dir)
  const staff = await testStaff(dir)
  const logLines: string[] = []
  const log: Logger = {
    warn: (message, fields) => void logLines.push(logText(message, fields)),
    error: (message, fields) => void logLines.push(logText(message, fields)),
  }
  const vault = options.vault ?? new KeytarVault()
  // The sandbox is the rig's; a vendor backend is connected as the hosts connect it, secret from the vault.
  const connect = async (kind: BackendKind) => (kind === 'sandbox' ? sandboxConnection(rig) : vendorConnection(kind, settings, vault))
  const runtime = await startRuntime({
    facts: { appVersion: 't', mode: options.mode ?? 'self-service', host: 'browser' },
    dataDir: dir,
    connection: sandboxConnection(rig),
    log,
    checkout: { sleep: async () => {} },
    staff: staff.check,
    admin: ({ sales, pushes, system }) =>
      adminHandlers({ settings, vault, ...staff, enrolment: testEnrolment(), sales, system, pushes, connect }),
  })
  return {
    rig,
    runtime,
    settings,
    dataDir: dir,
    logLines,
    async close() {
      await runtime.close()
      await rig.close()
    },
  }
}

/**
 * Whether an answer is a Reply envelope: ok with a value, or a typed error
 * with a code, a message key and whether to retry. Returns what is wrong, or null.
 */
export function envelopeProblem(reply: unknown): string | null {
  if (typeof reply !== 'object' || reply === null) return 'not an object'
  const r = reply as Partial<Reply<unknown>> & Record<string, unknown>
  if (r.ok === true) return 'value' in r ? null : 'ok without a value'
  if (r.ok !== false) return 'no ok flag'
  const error = r.error as Record<string, unknown> | undefined
  if (typeof error !== 'object' || error === null) return 'error reply without an error'
  if (typeof error.code !== 'string' || error.code === '') return 'error without a code'
  if (typeof error.messageKey !== 'string' || error.messageKey === '') return 'error without a message key'
  if (typeof error.retryable !== 'boolean') return 'error without retryable'
  return null
}
