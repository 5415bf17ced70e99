import type { AppMode, BackendKind, HostKind, KioskLockState, SystemInfo } from '../contract'

export interface SystemFacts {
  appVersion: string
  mode: AppMode
  backend: BackendKind
  host: HostKind
}

/** Answers "what is this installation": shown on the attract screen and in support logs. */
export class SystemInfoService {
  #facts: SystemFacts
  /** Until a call says otherwise, the backend is taken to be there. */
  #backendReachable = true
  /** The screen the renderer last said it shows (null: it has not said yet). */
  #screen: string | null = null
  /** When that screen was first reported (ms, performance.now()): how long Foyer has rested on it. */
  #screenSince = performance.now()
  #kioskLock: KioskLockState = 'none'
  #revokedByHub = false
  #closedByHub: { message: string } | null = null

  constructor(facts: SystemFacts) {
    this.#facts = { ...facts }
  }

  readonly #modeListeners = new Set<(mode: AppMode) => void>()

  /** Mode and backend change when staff change settings. */
  update(changes: Partial<Pick<SystemFacts, 'mode' | 'backend'>>): void {
    const before = this.#facts.mode
    this.#facts = { ...this.#facts, ...changes }
    if (this.#facts.mode !== before) for (const listener of this.#modeListeners) listener(this.#facts.mode)
  }

  /** Called when the mode changes, before the change is pushed to the screens (the kiosk lock follows it). */
  onModeChange(listener: (mode: AppMode) => void): () => void {
    this.#modeListeners.add(listener)
    return () => this.#modeListeners.delete(listener)
  }

  /** Whether the backend answers (the connectivity monitor keeps this); true when it changed. */
  setReachable(reachable: boolean): boolean {
    if (this.#backendReachable === reachable) return false
    this.#backendReachable = reachable
    return true
  }

  /** The renderer's current screen (system.screen); the update gate reads it. */
  get screen(): string | null {
    return this.#screen
  }

  /** Since when (performance.now()) the renderer has shown its current screen. */
  get screenSince(): number {
    return this.#screenSince
  }

  screenShown(screen: string): void {
    // The same screen reported again (a reload, an idle reset on the attract screen) is no new screen.
    if (screen === this.#screen) return
    this.#screen = screen
    this.#screenSince = performance.now()
  }

  /** The kiosk lock's state (kiosk-service.ts keeps it); true when it changed. */
  setKioskLock(state: KioskLockState): boolean {
    if (this.#kioskLock === state) return false
    this.#kioskLock = state
    return true
  }

  /** The box office's hub revoked this device (electron/hub-link); true when it changed. */
  setRevokedByHub(revoked: boolean): boolean {
    if (this.#revokedByHub === revoked) return false
    this.#revokedByHub = revoked
    return true
  }

  get revokedByHub(): boolean {
    return this.#revokedByHub
  }

  /** The box office has this device out of service, and why in the manager's words (null: it sells); true when it changed. */
  setClosedByHub(closure: { message: string } | null): boolean {
    if (this.#closedByHub?.message === closure?.message) return false
    this.#closedByHub = closure ? { message: closure.message } : null
    return true
  }

  info(): SystemInfo {
    const revoked = this.#revokedByHub ? { revokedByHub: true as const } : {}
    const closed = this.#closedByHub ? { closedByHub: { ...this.#closedByHub } } : {}
    return { appName: 'Foyer', ...this.#facts, backendReachable: this.#backendReachable, kioskLock: this.#kioskLock, ...revoked, ...closed }
  }
}
