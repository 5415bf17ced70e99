import { mkdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { supportChannels } from '../contract/support-channels'
import type { Handler } from '../ipc-core/dispatcher'
import type { Logger } from '../ipc-core/logger'
import { recentSteps } from '../journal/recent-steps'
import { logDirOf } from '../logging/file-logger'
import { recentLogsJson } from '../logging/support-logs'
import { redactValue } from '../logging/redact'
import { writeFileAtomic } from '../settings/atomic-file'
import type { LocalDb } from '../database/local-db'
import type { SettingsFile } from '../settings/settings-file'
import type { StaffAccounts } from '../settings/staff-accounts'
import type { CredentialVault } from '../vault/credential-vault'
import type { SystemInfoService } from './system-info'
import { settingsView } from './settings-service'
import { staffError } from './supervisor-checks'

/**
 * "Save logs for support": one JSON file in <data folder>/support/ holding
 * what support asks for first, and nothing they must not see: the newest logs
 * (written redacted, redacted again), the journal's recent steps without
 * patron data (recent-steps.ts reads no patron column; each step's detail is
 * redacted too) and the settings as the staff screen shows them (never a
 * secret: those live in the keychain). Only a supervisor's PIN saves it.
 */
export interface SupportSource {
  /** The data folder: logs are read from its logs/, the file written to its support/. */
  dataDir: string
  /** The kiosk's journal. */
  db: LocalDb
  /** Where "saved a support file" is said (at info, where the log has that level). */
  log: Logger & { info?(message: string, fields?: Record<string, unknown>): void }
}

type SupportHandlers = { [C in keyof typeof supportChannels]: Handler<C> }

export const SUPPORT_STEPS = 500

const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-')

/** What "Save logs for support" needs of the staff services: what it describes, and where the logs are. */
export interface SupportContext {
  settings: SettingsFile
  vault: CredentialVault
  accounts: StaffAccounts
  system: SystemInfoService
  support?: SupportSource | null
}

/**
 * The support file, as JSON text: what "Save logs for support" writes, and what the device uploads when
 * a manager asks for it from the hub (hub-service.ts), the one way it is made. The logs, nearly all of
 * it, come written already from a worker thread (../logging/support-logs.ts); what main writes here is
 * a few hundred journal steps and the settings, and the logs' text is put in as it came.
 */
export async function supportFileText(ctx: Omit<SupportContext, 'support'>, source: SupportSource, now: Date): Promise<string> {
  const system = ctx.system.info()
  const head = {
    kind: 'foyer-support',
    savedAt: now.toISOString(),
    system: { appVersion: system.appVersion, mode: system.mode, backend: system.backend, host: system.host, backendReachable: system.backendReachable, platform: process.platform, arch: process.arch, node: process.versions.node },
    settings: await settingsView(ctx.settings.get(), ctx.vault, ctx.accounts, system.mode),
    journal: recentSteps(source.db, SUPPORT_STEPS).map((step) => ({ ...step, detail: redactValue(step.detail) })),
  }
  return `${JSON.stringify(head).slice(0, -1)},"logs":${await recentLogsJson(logDirOf(source.dataDir))}}`
}

export function supportHandlers(ctx: SupportContext, requirePin: (pin: string) => Promise<{ name: string }>): SupportHandlers {
  return {
    'support.saveLogs': async ({ pin }) => {
      const by = await requirePin(pin)
      const source = ctx.support
      if (!source) throw staffError('staff.unavailable', 'errors.staff.unavailable', 'no data folder to save a support file in')
      const now = new Date()
      const dir = join(source.dataDir, 'support')
      await mkdir(dir, { recursive: true })
      const fileName = `foyer-support-${stamp(now)}.json`
      const path = join(dir, fileName)
      await writeFileAtomic(path, `${await supportFileText(ctx, source, now)}\n`)
      const { size } = await stat(path)
      source.log.info?.('saved a support file', { fileName, bytes: size, by: by.name })
      return { path, fileName, bytes: size }
    },
  }
}
