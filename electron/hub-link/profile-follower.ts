import { DeviceProfileAnswer, PROFILE_SETTINGS, type HeartbeatProfile, type ProfileSettingName, type ProfileSettings, type ServiceRule } from '../../hub/protocol'
import type { LocalDb } from '../database/local-db'
import type { Logger } from '../ipc-core/logger'
import { ProfileStore } from './profile-store'
import { closureAt, showCutOffAt, type Closure } from './service-rules'

/**
 * The profile and service rules the hub gives this device. A heartbeat's answer names the hub's
 * revision; a device holding another pulls its own and keeps it (foyer.db), then applies the
 * profile's settings through the one settings store, as a supervisor's change is applied: without a
 * restart, and never while a sale is in progress (held until it ends, tried again at each heartbeat).
 */
export interface ProfileFollowerOptions {
  db: LocalDb
  log: Logger
  /** Saves the settings as staff's change would (the same checks and pushes); throws a refusal naming the field. */
  apply: (settings: ProfileSettings) => Promise<void>
  /** A sale is under way (seats held, an order placed and not finished): a change waits for it. */
  midSale: () => boolean
  /** Told after each revision heard: the service rules are looked at again at once, not only on main's own timer. */
  afterHeard?: () => void
}

const isSetting = (name: string | null | undefined): name is ProfileSettingName => (PROFILE_SETTINGS as readonly string[]).includes(name ?? '')

export class ProfileFollower {
  readonly #store: ProfileStore
  #settling: Promise<void> | null = null
  constructor(private readonly options: ProfileFollowerOptions) {
    this.#store = new ProfileStore(options.db)
  }

  /** The hub's revision, from a heartbeat's answer: a new one is pulled (through `pull`), then applied when it may be. */
  async heard(revision: string, pull: () => Promise<unknown>): Promise<void> {
    if (this.#store.read()?.document.revision !== revision) {
      const answer = DeviceProfileAnswer.safeParse(await pull())
      if (!answer.success) throw new Error('the hub answered the profile with something the protocol does not read')
      this.#store.pulled(answer.data)
    }
    await this.settle()
    this.options.afterHeard?.()
  }

  /** Applies the kept profile if it is not applied yet and no sale is under way (one at a time). */
  settle(): Promise<void> {
    this.#settling ??= this.#settle().finally(() => {
      this.#settling = null
    })
    return this.#settling
  }

  async #settle(): Promise<void> {
    const kept = this.#store.read()
    if (!kept?.document.profile || kept.appliedRevision === kept.document.revision) return
    if (this.options.midSale()) return
    const { settings, overridable } = kept.document.profile
    // What staff changed here, where the profile allows it, stays as staff left it.
    const local = new Set(kept.overrides.filter((name) => overridable.includes(name)))
    const patch = Object.fromEntries(Object.entries(settings).filter(([name]) => !local.has(name as ProfileSettingName)))
    try {
      await this.options.apply(patch)
      this.#store.settled(kept.document.revision, null)
    } catch (error) {
      // One refused setting refuses the whole profile (nothing half-applied); the hub is told which.
      const field = (error as { field?: string | null }).field?.split('.')[0]
      if (!isSetting(field)) throw error
      this.options.log.warn('the hub profile has a setting this device refuses: nothing of it is applied', { field })
      this.#store.settled(kept.document.revision, field)
    }
  }

  /** What the heartbeat says of the profile (absent: none pulled yet). */
  heartbeat(): HeartbeatProfile | undefined {
    const kept = this.#store.read()
    if (!kept) return undefined
    const { revision } = kept.document
    if (kept.appliedRevision === revision && kept.refused) return { revision, state: 'refused', refused: kept.refused }
    // Not applied yet: a sale holds it back (it is applied at the first heartbeat after the sale).
    return { revision, state: kept.appliedRevision === revision || !kept.document.profile ? 'applied' : 'held' }
  }

  /** Settings the profile sets that staff may not change here. */
  locked(): ProfileSettingName[] {
    const profile = this.#store.read()?.document.profile
    if (!profile) return []
    return (Object.keys(profile.settings) as ProfileSettingName[]).filter((name) => !profile.overridable.includes(name))
  }

  /** Staff changed these here: those the profile sets and lets them change are theirs from now on. */
  overridden(names: readonly string[]): void {
    const kept = this.#store.read()
    const profile = kept?.document.profile
    if (!kept || !profile) return
    const mine = names.filter(isSetting).filter((name) => profile.overridable.includes(name) && name in profile.settings)
    if (mine.length > 0) this.#store.overridden([...new Set([...kept.overrides, ...mine])])
  }

  /** Whether the rules have the device out of service at `at`, and why in the manager's words. */
  closureAt(at: number): Closure | null {
    return closureAt(this.rules(), at)
  }

  /** Whether a show starting at `showStart` is past its cut-off at `at` (kept rules: also while the hub is away). */
  showCutOffAt(showStart: number, at: number): Closure | null {
    return showCutOffAt(this.rules(), showStart, at)
  }

  rules(): readonly ServiceRule[] {
    return this.#store.read()?.document.service ?? []
  }

  forget(): void {
    this.#store.remove()
  }
}
