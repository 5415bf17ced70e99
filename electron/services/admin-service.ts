import { adminChannels, type BackendKind, type SaleAttention, type SettingsView } from '../contract'
import { refusingHandlers, type Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import type { PushBus } from '../ipc-core/push-bus'
import { SettingsError, isPlaceholderEmail, type Settings, type SettingsPatch } from '../settings/settings-schema'
import type { SettingsStore } from '../settings/settings-store'
import type { Enrolment } from '../settings/enrolment'
import type { PinAttemptResult, PinGate } from '../settings/staff-pin'
import type { StaffAccounts } from '../settings/staff-accounts'
import type { SaleRecord } from '../journal/sales-journal'
import { InvalidSecretError, assertStorableSecret, type CredentialVault } from '../vault/credential-vault'
import { readBoundSecret, storeBoundSecret } from '../vault/origin-bound-secret'
import { keychainFailure, type BackendConnection } from './backend-connection'
import { kioskHandlers, kioskMessageKeys, type KioskControl } from './kiosk-service'
import { counterRefundMessageKeys } from '../checkout/counter-refund'
import { staffDeskMessageKeys, type StaffCheck, type StaffMember } from './counter-desk'
import { checkBackendAnswers, type SalesRuntime } from './sales-runtime'
import { staffAccountHandlers, staffAccountMessageKeys } from './staff-service'
import type { SystemInfoService } from './system-info'
import { terminalChanged, terminalHandlers, terminalMessageKeys, terminalRefusal, terminalView } from './terminal-service'

/**
 * Staff services: staff accounts, settings, vendor credentials and the card
 * terminal. Changes need a supervisor's PIN (with a lockout after repeated wrong tries);
 * the client secret and the terminal's passphrase go into the OS keychain and
 * no answer ever carries them back.
 */
export type AdminChannel = keyof typeof adminChannels
export type AdminHandlers = { [C in AdminChannel]: Handler<C> }

export interface AdminContext {
  settings: SettingsStore
  vault: CredentialVault
  gate: PinGate
  /** The people who work this machine, and their PINs checked under the gate (staff-service.ts). */
  accounts: StaffAccounts
  check: StaffCheck
  /** The one-time code that sets the first PIN (settings/enrolment.ts). */
  enrolment: Enrolment
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
  'errors.staff.enrolmentWrong',
  'errors.settings.invalid',
  'errors.settings.backendUnconfigured',
  'errors.settings.secretMissing',
  'errors.settings.keychainUnavailable',
  'errors.settings.secretInvalid',
  'errors.settings.secretOtherAddress',
  'errors.backend.unavailable',
  'counter.settings.emailNeeded',
  'checkout.staff.nothingToResolve',
  ...staffDeskMessageKeys,
  ...staffAccountMessageKeys,
  ...counterRefundMessageKeys,
  ...kioskMessageKeys,
  ...terminalMessageKeys,
]

const staffError = (code: string, messageKey: string, detail?: string) => new FoyerError({ code, messageKey, retryable: false, detail })

/** Handlers that answer "not available" where no settings store exists (e.g. renderer tests). */
export function unavailableAdminHandlers(): AdminHandlers {
  return refusingHandlers<AdminHandlers>(adminChannels, () => staffError('staff.unavailable', 'errors.staff.unavailable'))
}

/**
 * `running`: the mode Foyer runs in now, which the screen shows. It is the saved mode unless the machine
 * was started in another (FOYER_MODE): showing the saved one there told staff at a counter it was a kiosk.
 */
export async function settingsView(settings: Settings, vault: CredentialVault, accounts: StaffAccounts, running: Settings['mode']): Promise<SettingsView> {
  const backend = async (kind: 'staging' | 'production') => {
    const config = settings.backends[kind]
    if (!config) return null
    let hasSecret = false
    try {
      // Only a secret entered for these addresses counts: after an address change it must be entered again.
      hasSecret = (await readBoundSecret(vault, { backend: kind, tenant: config.tenant }, config)).state === 'ok'
    } catch {
      // No keychain reachable: nothing is stored that Foyer could use.
    }
    return { config: { ...config }, hasSecret }
  }
  return {
    mode: running,
    backend: settings.backend,
    holdWindowMinutes: settings.holdWindowMinutes,
    idleSeconds: settings.idleSeconds,
    pinSet: accounts.hasSupervisor(),
    cashToleranceCents: settings.cashToleranceCents,
    counterLockMinutes: settings.counterLockMinutes,
    boxOfficeEmail: settings.boxOfficeEmail,
    patronDataDays: settings.patronDataDays,
    backends: { staging: await backend('staging'), production: await backend('production') },
    updates: { ...settings.updates },
    terminal: await terminalView(settings, vault),
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

/** Whether the change gives the backend in use (staging or production) other addresses or credentials' names. */
function vendorAddressChanged(before: Settings, after: Settings): boolean {
  const kind = after.backend
  if (kind === 'sandbox') return false
  const [was, now] = [before.backends[kind], after.backends[kind]]
  if (!was || !now) return was !== now
  return (Object.keys(now) as (keyof typeof now)[]).some((field) => was[field] !== now[field])
}

export function adminHandlers(ctx: AdminContext): AdminHandlers {
  const { settings, vault, gate, accounts } = ctx

  function refuseUnlessOk(result: PinAttemptResult, wrong: FoyerError): void {
    if (result.ok) return
    if (result.reason === 'locked') {
      throw new FoyerError({ code: 'staff.locked', messageKey: 'errors.staff.locked', retryable: true, detail: `retry after ${result.retryAfterSeconds ?? 60} s` })
    }
    throw wrong
  }

  /** Settings, credentials, the terminal, accounts and the sales for staff are a supervisor's: their PIN, under the lockout. */
  async function requirePin(pin: string): Promise<StaffMember> {
    const result = await ctx.check.supervisor(pin)
    if (result.ok) return result.staff
    if (result.reason === 'not-set') throw staffError('staff.pin-not-set', 'errors.staff.pinNotSet')
    if (result.reason === 'not-supervisor') throw staffError('staff.supervisor-needed', 'staff.errors.supervisorNeeded', 'a cashier PIN cannot change settings')
    refuseUnlessOk({ ok: false, reason: result.reason, retryAfterSeconds: result.retryAfterSeconds }, staffError('staff.pin-wrong', 'errors.staff.pinWrong'))
    throw staffError('staff.pin-wrong', 'errors.staff.pinWrong')
  }
  /** What the kiosk and terminal channels take: a supervisor's PIN, nothing answered. */
  const requireSupervisorPin = async (pin: string): Promise<void> => {
    await requirePin(pin)
  }
  const view = (next: Settings) => settingsView(next, vault, accounts, ctx.system.info().mode)

  /** The enrolment code is guessed under the same count and lockout as the PIN it stands in for. */
  async function requireEnrolmentCode(code: string): Promise<void> {
    const result = await gate.attemptWith(async () => ctx.enrolment.matches(code))
    refuseUnlessOk(result, staffError('staff.enrolment-wrong', 'errors.staff.enrolmentWrong', 'no staff PIN is set; the first takes the enrolment code'))
  }

  /** A refused setting answers `errors.settings.invalid`, naming the field (never the value) in the detail. */
  async function refusedAsInvalid<T>(step: () => T | Promise<T>): Promise<T> {
    try {
      return await step()
    } catch (error) {
      // A terminal field is worded on its own (which rule the address, POIID... broke); any other in general.
      if (error instanceof SettingsError) throw terminalRefusal(error) ?? staffError('settings.invalid', 'errors.settings.invalid', error.message)
      throw error
    }
  }
  const update = (patch: SettingsPatch): Promise<Settings> => refusedAsInvalid(() => settings.update(patch))

  /** A backend that could not be switched to says why in its own words (unreachable, no secret...). */
  const switchFailed = (error: unknown): FoyerError =>
    error instanceof FoyerError ? error : staffError('backend.connect-failed', 'errors.backend.unavailable', (error as Error).message)

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
    ...kioskHandlers({ kiosk: ctx.kiosk ?? null, requirePin: requireSupervisorPin }),
    ...terminalHandlers({ settings, vault, sales: ctx.sales, backend: () => ctx.sales.kind ?? ctx.system.info().backend, requirePin: requireSupervisorPin }),
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
    ...staffAccountHandlers(accounts, requirePin),
    // The staff screen opens for a supervisor only: a cashier's PIN is right, but not enough.
    'staff.verify': async ({ pin }) => {
      const result = await ctx.check.supervisor(pin)
      return result.ok ? { ok: true } : result
    },
    'staff.setPin': async ({ name, currentPin, newPin, enrolmentCode }) => {
      // The first supervisor needs the machine's enrolment code; later, each person changes their own PIN with their current one.
      if (!accounts.hasSupervisor()) {
        await requireEnrolmentCode(enrolmentCode ?? '')
        await accounts.add({ name: name ?? 'Supervisor', role: 'supervisor', pin: newPin })
        // Used up: a second "first supervisor" cannot be made with it, even after the accounts are cleared by hand.
        await ctx.enrolment.consume()
        return { ok: true }
      }
      const own = name === undefined ? await ctx.check.supervisor(currentPin ?? '') : await ctx.check.signIn(name, currentPin ?? '')
      if (!own.ok) {
        refuseUnlessOk({ ok: false, reason: own.reason === 'locked' ? 'locked' : 'wrong', retryAfterSeconds: own.retryAfterSeconds }, staffError('staff.pin-wrong', 'errors.staff.pinWrong'))
        throw staffError('staff.pin-wrong', 'errors.staff.pinWrong')
      }
      await accounts.resetPin(own.staff.staffId, newPin)
      return { ok: true }
    },
    'settings.get': () => view(settings.get()),
    'settings.update': async ({ pin, patch }) => {
      await requirePin(pin)
      const { staging, production, ...rest } = patch
      const before = settings.get()
      const backends = { ...(staging !== undefined ? { staging } : {}), ...(production !== undefined ? { production } : {}) }
      const change: SettingsPatch = { ...rest, ...(Object.keys(backends).length > 0 ? { backends } : {}) }
      // The whole change is checked first, so a bad field refuses it before anything connects.
      const candidate = await refusedAsInvalid(() => settings.preview(change))
      requireRealBoxOfficeEmail(candidate)
      const switching = candidate.backend !== before.backend
      // New addresses for the vendor backend Foyer sells through now: it connects to them the same way
      // (checked first, then the old connection's holds given back), or the change would wait for a restart.
      // Likewise another card terminal: the vendor connection carries the terminal it pays at.
      const readdressing =
        !switching && ctx.sales.kind === candidate.backend && (vendorAddressChanged(before, candidate) || (candidate.backend !== 'sandbox' && terminalChanged(before, candidate)))
      const previous = ctx.sales.kind
      if (switching || readdressing) {
        // A backend switch is tried before anything is saved. The connection uses the candidate
        // settings, because the same change may carry the very configuration being switched to (a
        // new staging address with "sell through staging"). SalesRuntime.switchTo connects, checks
        // the new backend answers, and only then gives back the old one's holds and uses the new.
        // If it fails, nothing was saved or published and the old backend still sells with its holds.
        await ctx.sales.switchTo(candidate.backend, candidate, { reconnect: readdressing }).catch((error: unknown) => {
          throw switchFailed(error)
        })
      }
      let after: Settings
      try {
        after = await update(change)
      } catch (error) {
        // Not saved (the file could not be written): go back, so this run sells where the file says.
        if ((switching || readdressing) && previous) await ctx.sales.switchTo(previous, undefined, { reconnect: readdressing }).catch(() => {})
        throw error
      }
      // Judged against the running mode, not the saved one: a machine started as a counter (FOYER_MODE) whose
      // staff save "counter" stays one, and saving "self-service" there does change it.
      const running = ctx.system.info()
      if (after.backend !== before.backend || (rest.mode !== undefined && rest.mode !== running.mode)) {
        ctx.system.update({ backend: after.backend, mode: rest.mode ?? running.mode })
        ctx.pushes.publish('system.changed', ctx.system.info())
      }
      return view(after)
    },
    'credentials.store': async ({ pin, backend, clientSecret }) => {
      await requirePin(pin)
      const config = settings.get().backends[backend]
      if (!config) throw staffError('settings.backend-unconfigured', 'errors.settings.backendUnconfigured', `${backend} has no configuration yet`)
      try {
        // Checked before the keychain sees it: a NUL or a line break is the typist's slip, said as such.
        assertStorableSecret(clientSecret)
        // Bound to the addresses it is entered for: it is never sent anywhere else.
        await storeBoundSecret(vault, { backend, tenant: config.tenant }, clientSecret, config)
      } catch (error) {
        if (error instanceof InvalidSecretError) throw staffError('credentials.secret-invalid', 'errors.settings.secretInvalid', error.message)
        throw keychainFailure(error)
      }
      return { stored: true }
    },
    'credentials.test': async ({ pin, backend }) => {
      await requirePin(pin)
      const started = performance.now()
      let connection: BackendConnection | null = null
      try {
        connection = await ctx.connect(backend)
        await checkBackendAnswers(connection)
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


