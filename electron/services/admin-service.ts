import { adminChannels, type BackendKind, type SaleAttention, type StaffMemberView } from '../contract'
import { refusingHandlers, type Handler } from '../ipc-core/dispatcher'
import { FoyerError } from '../ipc-core/foyer-error'
import type { PushBus } from '../ipc-core/push-bus'
import type { SettingsFile } from '../settings/settings-file'
import type { Enrolment } from '../settings/enrolment'
import type { PinGate } from '../settings/staff-pin'
import type { StaffAccounts } from '../settings/staff-accounts'
import type { SaleRecord } from '../journal/sales-journal'
import { readStaffNote } from '../journal/staff-note'
import type { CredentialVault } from '../vault/credential-vault'
import type { BackendConnection } from './backend-connection'
import { credentialHandlers } from './credential-service'
import { kioskHandlers, kioskMessageKeys, type KioskControl } from './kiosk-service'
import { counterRefundMessageKeys } from '../checkout/counter-refund'
import { staffDeskMessageKeys, type StaffCheck } from '../counter/counter-desk'
import type { SalesRuntime } from './sales-runtime'
import { counterPrinterMessageKeys } from './counter-printer'
import { drawerMessageKeys } from '../checkout/cash-drawer'
import { drawerServiceMessageKeys } from './drawer-service'
import { printerMessageKeys, printerTestHandler, type PrinterServiceDeps } from './printer-service'
import { settingsHandlers } from './settings-service'
import { staffAccountHandlers, staffAccountMessageKeys } from './staff-service'
import { staffError, supervisorChecks } from './supervisor-checks'
import { supportHandlers, type SupportSource } from './support-bundle'
import type { SystemInfoService } from './system-info'
import { terminalHandlers, terminalMessageKeys } from './terminal-service'
import { hubHandlers, hubMessageKeys } from './hub-service'
import type { HubLink } from '../hub-link/hub-link'

/**
 * Staff services: staff accounts, settings (settings-service.ts), vendor
 * credentials (credential-service.ts) and the card terminal (terminal-service.ts). Changes need a supervisor's PIN (with a lockout after repeated wrong tries);
 * the client secret and the terminal's passphrase go into the OS keychain and
 * no answer ever carries them back.
 */
export type AdminChannel = keyof typeof adminChannels
export type AdminHandlers = { [C in AdminChannel]: Handler<C> }

export interface AdminContext {
  settings: SettingsFile
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
  /** The data folder and journal "Save logs for support" reads (support-bundle.ts); absent: that channel answers "unavailable". */
  support?: SupportSource | null
  /** The ticket printer staff chose and its state, for "Print test ticket" (printer-service.ts); absent: that channel answers "unavailable". */
  printer?: Omit<PrinterServiceDeps, 'requirePin'> | null
  /** The link to the box office's hub (hub-service.ts); absent: the hub channels answer "unavailable". */
  hub?: HubLink | null
}

/** Every message key the staff services can answer with: the renderer's locales word each one. */
export const adminMessageKeys = [
  'errors.staff.unavailable',
  'errors.staff.pinNotSet',
  'errors.staff.pinWrong',
  'errors.staff.locked',
  'errors.staff.enrolmentWrong',
  'errors.staff.enrolmentUsed',
  'errors.settings.invalid',
  'errors.settings.setByHub',
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
  ...printerMessageKeys,
  ...hubMessageKeys,
  ...counterPrinterMessageKeys,
  ...drawerMessageKeys,
  ...drawerServiceMessageKeys,
]

/** Handlers that answer "not available" where no settings file exists (e.g. renderer tests). */
export function unavailableAdminHandlers(): AdminHandlers {
  return refusingHandlers<AdminHandlers>(adminChannels, () => staffError('staff.unavailable', 'errors.staff.unavailable'))
}

/** Sales a supervisor must look at (a refund that did not go through, a charge not confirmed), and closing their notes. */
function saleAttentionHandlers(
  ctx: AdminContext,
  requirePin: (pin: string) => Promise<StaffMemberView>,
): Pick<AdminHandlers, 'staff.salesNeedingAttention' | 'staff.resolveSale' | 'staff.reprintSale'> {
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
    note: readStaffNote(sale.staffNote) ?? { kind: 'legacy', text: '' },
    createdAt: new Date(sale.createdAt).toISOString(),
  })
  return {
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
    // The documents not yet out, through the printer chosen now; all out, the sale leaves the list by itself.
    'staff.reprintSale': async ({ pin, saleId }) => {
      const by = await requirePin(pin)
      const sale = journal().get(saleId)
      if (!sale || sale.state !== 'confirmed') throw staffError('checkout.not-printable', 'checkout.errors.notPrintable', `sale ${saleId} is ${sale?.state ?? 'unknown'}`)
      journal().note(saleId, 'reprint-asked', { what: 'missing', staffId: by.staffId, name: by.name })
      return { printed: await ctx.sales.context!.checkout.print(sale, 'sale') }
    },
  }
}

export function adminHandlers(ctx: AdminContext): AdminHandlers {
  const { settings, vault, accounts } = ctx
  const checks = supervisorChecks(ctx)
  const { requirePin, claimEnrolmentCode, refuseUnlessOk } = checks
  return {
    ...kioskHandlers({ kiosk: ctx.kiosk ?? null, requirePin }),
    ...terminalHandlers({ settings, vault, sales: ctx.sales, backend: () => ctx.sales.kind ?? ctx.system.info().backend, requirePin }),
    ...settingsHandlers(ctx, checks),
    ...credentialHandlers(ctx, checks),
    ...saleAttentionHandlers(ctx, requirePin),
    ...staffAccountHandlers(accounts, requirePin),
    ...hubHandlers(ctx.hub ?? null, requirePin, () => ctx.system.info().appVersion),
    ...supportHandlers(ctx, requirePin),
    ...(ctx.printer ? printerTestHandler({ ...ctx.printer, requirePin }) : { 'printer.test': () => Promise.reject(staffError('staff.unavailable', 'errors.staff.unavailable')) }),
    // The staff screen opens for a supervisor only: a cashier's PIN is right, but not enough.
    'staff.verify': async ({ pin }) => {
      const result = await ctx.check.supervisor(pin)
      return result.ok ? { ok: true } : result
    },
    'staff.setPin': async ({ name, currentPin, newPin, enrolmentCode }) => {
      // The first supervisor needs the machine's enrolment code; later, each person changes their own PIN with their current one.
      if (!accounts.hasSupervisor()) {
        // Taken before anything is awaited: of many tries at once, one makes the supervisor.
        await claimEnrolmentCode(enrolmentCode ?? '')
        try {
          await accounts.add({ name: name ?? 'Supervisor', role: 'supervisor', pin: newPin })
        } catch (error) {
          // No supervisor was made (a name refused, the file not written): the code is given back, or
          // this machine could only be enrolled by restarting it. It was never a success to keep.
          ctx.enrolment.reopen()
          throw error
        }
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
  }
}
