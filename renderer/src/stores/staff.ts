import type {
  BackendKind,
  ChannelRequest,
  ErrorReply,
  HubLinkView,
  SaleAttention,
  StaffAccountView,
  StaffRole,
} from '@contract'
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { useFoyer } from '../bridge/foyer'
import { replyRunner } from './reply'
import { useSettingsStore } from './settings'

/**
 * The staff side: unlocking with the PIN, and the settings screen. The PIN is
 * kept in memory only while the settings screen is open (every change needs
 * it) and forgotten on leaving. The client secret and the terminal's
 * passphrase are sent once and never read back: the screen only learns
 * whether one is stored.
 */
export const useStaffStore = defineStore('staff', () => {
  // The same view every screen reads: a change saved here is what they count with next.
  const shared = useSettingsStore()
  const settings = computed(() => shared.view)
  const error = ref<ErrorReply | null>(null)
  const busy = ref(false)
  let pin: string | null = null

  const unlocked = () => pin !== null

  const run = replyRunner(busy, error)

  async function load(): Promise<void> {
    await run(() => shared.refresh())
  }

  /** Checks a supervisor's PIN; on success the settings screen may be opened with it. */
  async function unlock(candidate: string): Promise<{ ok: boolean; reason?: string; retryAfterSeconds?: number }> {
    const result = await run(() => useFoyer().staff.verify({ pin: candidate }))
    if (!result) return { ok: false }
    if (result.ok) pin = candidate
    return result
  }

  /** The first supervisor (name and PIN), with the machine's one-time enrolment code (no PIN to check yet). */
  async function setFirstPin(newPin: string, enrolmentCode: string, name: string): Promise<boolean> {
    const done = await run(() => useFoyer().staff.setPin({ newPin, enrolmentCode, name }))
    if (done) {
      pin = newPin
      await load()
    }
    return done !== null
  }

  async function save(patch: ChannelRequest<'settings.update'>['patch']): Promise<boolean> {
    if (!pin) return false
    const view = await run(() => useFoyer().settings.update({ pin: pin!, patch }))
    if (view) shared.take(view)
    return view !== null
  }

  async function storeSecret(backend: 'staging' | 'production', clientSecret: string): Promise<boolean> {
    if (!pin) return false
    const stored = await run(() => useFoyer().credentials.store({ pin: pin!, backend, clientSecret }))
    if (stored) await load()
    return stored !== null
  }

  async function testConnection(backend: BackendKind) {
    if (!pin) return null
    return run(() => useFoyer().credentials.test({ pin: pin!, backend }))
  }

  /** The card terminal's shared-key passphrase, into the keychain for the terminal as saved now. */
  async function storePassphrase(passphrase: string): Promise<boolean> {
    if (!pin) return false
    const stored = await run(() => useFoyer().terminal.storePassphrase({ pin: pin!, passphrase }))
    if (stored) await load()
    return stored !== null
  }

  /** "Test terminal": asks the terminal this kiosk sells through whether it can take a payment. */
  async function testTerminal() {
    if (!pin) return null
    return run(() => useFoyer().terminal.test({ pin: pin! }))
  }

  /** "Print test ticket": through the printer as saved now, in the screen's language; says what is wrong when it does not print. */
  async function testPrinter(language: 'en-SG' | 'zh-CN' | 'zh-HK' | 'ms-MY') {
    if (!pin) return null
    return run(() => useFoyer().printer.test({ pin: pin!, language }))
  }

  /** Sales checkout or recovery left for staff (a refund to check, a payment whose fate is unknown). */
  async function salesNeedingAttention(): Promise<SaleAttention[]> {
    if (!pin) return []
    return (await run(() => useFoyer().staff.salesNeedingAttention({ pin: pin! }))) ?? []
  }

  async function resolveSale(saleId: string, how: string): Promise<boolean> {
    if (!pin) return false
    return (await run(() => useFoyer().staff.resolveSale({ pin: pin!, saleId, how }))) !== null
  }

  /** Prints what of a sale's tickets and receipt did not come out; null when the PIN or the sale was refused. */
  async function reprintSale(saleId: string): Promise<boolean | null> {
    if (!pin) return null
    return (await run(() => useFoyer().staff.reprintSale({ pin: pin!, saleId })))?.printed ?? null
  }

  /** Takes the self-service window out of kiosk mode (Electron only; main checks the PIN again). */
  async function leaveKiosk(): Promise<boolean> {
    if (!pin) return false
    return (await run(() => useFoyer().kiosk.exit({ pin: pin! }))) !== null
  }

  /** Puts a kiosk staff left back into kiosk mode (no PIN: locking only makes it safer). */
  async function lockKioskAgain(): Promise<boolean> {
    return (await run(() => useFoyer().kiosk.lockAgain())) !== null
  }

  /** The staff accounts (the supervisor's PIN again checked by main). */
  async function accounts(): Promise<StaffAccountView[]> {
    if (!pin) return []
    return (await run(() => useFoyer().staff.accounts({ pin: pin! }))) ?? []
  }

  async function addAccount(name: string, role: StaffRole, newPin: string): Promise<boolean> {
    if (!pin) return false
    return (await run(() => useFoyer().staff.addAccount({ pin: pin!, name, role, newPin }))) !== null
  }

  async function disableAccount(staffId: string): Promise<boolean> {
    if (!pin) return false
    return (await run(() => useFoyer().staff.disableAccount({ pin: pin!, staffId }))) !== null
  }

  async function resetPin(staffId: string, newPin: string): Promise<boolean> {
    if (!pin) return false
    return (await run(() => useFoyer().staff.resetPin({ pin: pin!, staffId, newPin }))) !== null
  }

  /** "Save logs for support": main writes the file and says where it is (null: refused, the error says why). */
  async function saveSupportFile() {
    if (!pin) return null
    return run(() => useFoyer().support.saveLogs({ pin: pin! }))
  }

  /** The link to the box office's hub, as main keeps it (never its token). */
  async function hubStatus(): Promise<HubLinkView | null> {
    if (!pin) return null
    return run(() => useFoyer().hub.status({ pin: pin! }))
  }

  /** Connects to the hub: the address (or the QR's text), the code and the fingerprint as the dashboard shows them. */
  async function connectHub(address: string, code: string, fingerprint: string): Promise<HubLinkView | null> {
    if (!pin) return null
    return run(() => useFoyer().hub.connect({ pin: pin!, address, ...(code ? { code } : {}), ...(fingerprint ? { fingerprint } : {}) }))
  }

  async function disconnectHub(): Promise<HubLinkView | null> {
    if (!pin) return null
    return run(() => useFoyer().hub.disconnect({ pin: pin! }))
  }

  /** Leaving the staff screens: the PIN is forgotten. */
  function lock(): void {
    pin = null
    error.value = null
  }

  return {
    settings,
    error,
    busy,
    unlocked,
    load,
    unlock,
    setFirstPin,
    save,
    storeSecret,
    testConnection,
    storePassphrase,
    testTerminal,
    testPrinter,
    salesNeedingAttention,
    resolveSale,
    reprintSale,
    accounts,
    addAccount,
    disableAccount,
    resetPin,
    leaveKiosk,
    lockKioskAgain,
    saveSupportFile,
    hubStatus,
    connectHub,
    disconnectHub,
    lock,
  }
})
