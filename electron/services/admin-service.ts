import { SalesApi } from '../api/sales-api'
import { adminChannels, type BackendKind, type SaleAttention, type SettingsView } from '../contract'
import { refusingHandlers, type Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import type { PushBus } from '../ipc-core/push-bus'
import { SettingsError, isPlaceholderEmail, type Settings } from '../settings/settings-schema'
import type { SettingsStore } from '../settings/settings-store'
import { hashPin, type PinGate } from '../settings/staff-pin'
import type { SaleRecord } from '../journal/sales-journal'
import type { CredentialVault } from '../vault/credential-vault'
import type { BackendConnection } from './backend-connection'
import { kioskHandlers, kioskMessageKeys, type KioskControl } from './kiosk-service'
import type { SalesRuntime } from './sales-runtime'
import type { SystemInfoService } from './system-info'

/**
 * Staff services: the staff PIN, settings and vendor credentials. Changes need
 * the PIN (with a lockout after repeated wrong tries); the client secret goes
 * into the OS keychain and no answer ever carries it back.
 */
export type AdminChannel = keyof typeof adminChannels
export type AdminHandlers = { [C in AdminChannel]: Handler<C> }

export interface AdminContext {
  settings: SettingsStore
  vault: CredentialVault
  gate: PinGate
  sales: SalesRuntime
  system: SystemInfoService
  pushes: PushBus
  /** Connects to a backend as configured now (for the connection test). */
  connect: (kind: BackendKind) => Promise<BackendConnection>
  /** The kiosk window's lock (Electron main); absent where there is none (browser host, tests). */
  kiosk?: KioskControl | null
}

/** Every message key the staff services can answer with: the renderer's locales word each one. */
export const adminMessageKeys = [
  'errors.staff.unavailable',
  'errors.staff.pinNotSet',
  'errors.staff.pinWrong',
  'errors.staff.locked',
  'errors.settings.invalid',
  'errors.settings.backendUnconfigured',
  'errors.settings.secretMissing',
  'errors.backend.unavailable',
  'counter.settings.emailNeeded',
  'checkout.staff.nothingToResolve',
  ...kioskMessageKeys,
]

const staffError = (code: string, messageKey: string, detail?: string) => new FoyerError({ code, messageKey, retryable: false, detail })

/** Handlers that answer "not available" where no settings store exists (e.g. renderer tests). */
export function unavailableAdminHandlers(): AdminHandlers {
  return refusingHandlers<AdminHandlers>(adminChannels, () => staffError('staff.unavailable', 'errors.staff.unavailable'))
}

export async function settingsView(settings: Settings, vault: CredentialVault): Promise<SettingsView> {
  const backend = async (kind: 'staging' | 'production') => {
    const config = settings.backends[kind]
    if (!config) return null
    let hasSecret = false
    try {
      hasSecret = await vault.has({ backend: kind, tenant: config.tenant })
    } catch {
      // No keychain reachable: nothing is stored that Foyer could use.
    }
    return { config: { ...config }, hasSecret }
  }
  return {
    mode: settings.mode,
    backend: settings.backend,
    holdWindowMinutes: settings.holdWindowMinutes,
    idleSeconds: settings.idleSeconds,
    pinSet: settings.staffPinHash !== null,
    boxOfficeEmail: settings.boxOfficeEmail,
    backends: { staging: await backend('staging'), production: await backend('production') },
  }
}

/**
 * A counter selling through a vendor backend records every walk-up sale under
 * the box office's e-mail: the training placeholder would put real orders on
 * an address nobody reads, so that combination is refused until staff enter
 * the real one. (The sandbox may keep the placeholder: it is training.)
 */
function requireRealBoxOfficeEmail(next: Pick<Settings, 'mode' | 'backend' | 'boxOfficeEmail'>): void {
  if (next.mode === 'counter' && next.backend !== 'sandbox' && isPlaceholderEmail(next.boxOfficeEmail)) {
    throw staffError('settings.box-office-email-needed', 'counter.settings.emailNeeded', 'boxOfficeEmail is the training placeholder')
  }
}

/** `{ mode: undefined }` in a patch means "no change". */
function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>
}

export function adminHandlers(ctx: AdminContext): AdminHandlers {
  const { settings, vault, gate } = ctx

  async function requirePin(pin: string): Promise<void> {
    const hash = settings.get().staffPinHash
    if (!hash) throw staffError('staff.pin-not-set', 'errors.staff.pinNotSet')
    const result = await gate.attempt(pin, hash)
    if (result.ok) return
    if (result.reason === 'locked') {
      throw new FoyerError({ code: 'staff.locked', messageKey: 'errors.staff.locked', retryable: true, detail: `retry after ${result.retryAfterSeconds ?? 60} s` })
    }
    throw staffError('staff.pin-wrong', 'errors.staff.pinWrong')
  }

  async function update(patch: Parameters<SettingsStore['update']>[0]): Promise<Settings> {
    try {
      return await settings.update(patch)
    } catch (error) {
      if (error instanceof SettingsError) throw staffError('settings.invalid', 'errors.settings.invalid', error.message)
      throw error
    }
  }

  const journal = () => {
    const context = ctx.sales.context
    if (!context) throw new FoyerError({ code: 'backend.unavailable', messageKey: 'errors.backend.unavailable', retryable: true, detail: 'no backend is connected' })
    return context.checkout.journal
  }
  const attention = (sale: SaleRecord): SaleAttention => ({
    saleId: sale.saleId,
    reference: sale.reference,
    state: sale.state,
    tender: sale.tender,
    amountCents: sale.amountCents,
    note: sale.staffNote ?? '',
    createdAt: new Date(sale.createdAt).toISOString(),
  })

  return {
    ...kioskHandlers({ kiosk: ctx.kiosk ?? null, requirePin }),
    'staff.salesNeedingAttention': async ({ pin }) => {
      await requirePin(pin)
      return journal().needingStaff().map(attention)
    },
    'staff.resolveSale': async ({ pin, saleId, how }) => {
      await requirePin(pin)
      const sale = journal().get(saleId)
      if (!sale?.staffNote || sale.staffResolvedAt !== null) throw staffError('staff.nothing-to-resolve', 'checkout.staff.nothingToResolve', `sale ${saleId} has no open note`)
      return attention(journal().resolveStaffNote(saleId, how))
    },
    'staff.verify': async ({ pin }) => {
      const hash = settings.get().staffPinHash
      if (!hash) return { ok: false, reason: 'not-set' }
      return gate.attempt(pin, hash)
    },
    'staff.setPin': async ({ currentPin, newPin }) => {
      // The first PIN is set freely (first run); changing it needs the current one.
      if (settings.get().staffPinHash) await requirePin(currentPin ?? '')
      await update({ staffPinHash: await hashPin(newPin) })
      return { ok: true }
    },
    'settings.get': () => settingsView(settings.get(), vault),
    'settings.update': async ({ pin, patch }) => {
      await requirePin(pin)
      const { staging, production, ...rest } = patch
      const before = settings.get()
      requireRealBoxOfficeEmail({ ...before, ...definedOnly(rest) })
      const backends = { ...(staging !== undefined ? { staging } : {}), ...(production !== undefined ? { production } : {}) }
      const after = await update({ ...rest, ...(Object.keys(backends).length > 0 ? { backends } : {}) })
      if (after.backend !== before.backend) {
        // Holds at the old backend are given back before the new one is used.
        await ctx.sales.use(after.backend).catch((error: unknown) => {
          throw error instanceof FoyerError ? error : staffError('backend.connect-failed', 'errors.backend.unavailable', (error as Error).message)
        })
      }
      if (after.backend !== before.backend || after.mode !== before.mode) {
        ctx.system.update({ backend: after.backend, mode: after.mode })
        ctx.pushes.publish('system.changed', ctx.system.info())
      }
      return settingsView(after, vault)
    },
    'credentials.store': async ({ pin, backend, clientSecret }) => {
      await requirePin(pin)
      const config = settings.get().backends[backend]
      if (!config) throw staffError('settings.backend-unconfigured', 'errors.settings.backendUnconfigured', `${backend} has no configuration yet`)
      await vault.store({ backend, tenant: config.tenant }, clientSecret)
      return { stored: true }
    },
    'credentials.test': async ({ pin, backend }) => {
      await requirePin(pin)
      const started = performance.now()
      let connection: BackendConnection | null = null
      try {
        connection = await ctx.connect(backend)
        const api = new SalesApi({ endpoints: connection.endpoints, secret: connection.secret, timeouts: { readMs: 8000, tokenMs: 8000 } })
        await api.listEvents({ lang: 'EN_SG', size: 1 })
        return { ok: true, latencyMs: Math.round(performance.now() - started) }
      } catch (error) {
        const reply =
          error instanceof FoyerError
            ? error.toReply()
            : { code: 'backend.connect-failed', messageKey: 'errors.backend.unavailable', retryable: true }
        return { ok: false, latencyMs: Math.round(performance.now() - started), error: reply }
      } finally {
        await connection?.close()
      }
    },
  }
}


