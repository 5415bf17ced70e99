import type { AppMode, KioskLockState } from '../contract'
import type { KioskControl } from '../services/kiosk-service'

/**
 * The rules of the self-service lock, apart from the window it locks (plain
 * Node, so tests run the real rules): a self-service machine is locked; staff
 * may leave the lock with the PIN (checked by the services before `leave`);
 * it locks again on request, when Foyer rests on the attract screen a while
 * (kiosk-service.ts), on a change back to self-service, and at every start.
 * A counter has no lock. electron/main/kiosk.ts applies each change to the
 * window by overriding `applyLock`.
 */
export class SelfServiceLock implements KioskControl {
  #mode: AppMode | null = null
  #left = false
  readonly #listeners = new Set<(state: KioskLockState) => void>()

  get state(): KioskLockState {
    if (this.#mode !== 'self-service') return 'none'
    return this.#left ? 'left' : 'locked'
  }

  get locked(): boolean {
    return this.state === 'locked'
  }

  /** At start and on every change of mode: self-service locks (even after staff left), a counter unlocks. */
  lockFor(mode: AppMode): void {
    this.#mode = mode
    this.#left = false
    this.#changed()
  }

  leave(): void {
    if (this.state !== 'locked') return
    this.#left = true
    this.#changed()
  }

  lockAgain(): void {
    if (this.state !== 'left') return
    this.#left = false
    this.#changed()
  }

  onChange(listener: (state: KioskLockState) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** What the window does about it (Electron main overrides this); nothing here. */
  protected applyLock(_locked: boolean): void {}

  #changed(): void {
    const state = this.state
    this.applyLock(state === 'locked')
    for (const listener of this.#listeners) listener(state)
  }
}
