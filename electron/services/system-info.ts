import type { AppMode, BackendKind, HostKind, SystemInfo } from '../contract'

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

  constructor(facts: SystemFacts) {
    this.#facts = { ...facts }
  }

  /** Mode and backend change when staff change settings. */
  update(changes: Partial<Pick<SystemFacts, 'mode' | 'backend'>>): void {
    this.#facts = { ...this.#facts, ...changes }
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

  screenShown(screen: string): void {
    this.#screen = screen
  }

  info(): SystemInfo {
    return { appName: 'Foyer', ...this.#facts, backendReachable: this.#backendReachable }
  }
}
