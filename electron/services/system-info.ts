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

  constructor(facts: SystemFacts) {
    this.#facts = { ...facts }
  }

  /** Mode and backend change when staff change settings. */
  update(changes: Partial<Pick<SystemFacts, 'mode' | 'backend'>>): void {
    this.#facts = { ...this.#facts, ...changes }
  }

  info(): SystemInfo {
    return { appName: 'Foyer', ...this.#facts }
  }
}
