import type { AppMode, BackendKind, HostKind, SystemInfo } from '../contract'

export interface SystemFacts {
  appVersion: string
  mode: AppMode
  backend: BackendKind
  host: HostKind
}

/** Answers "what is this installation": shown on the attract screen and in support logs. */
export class SystemInfoService {
  readonly #facts: SystemFacts

  constructor(facts: SystemFacts) {
    this.#facts = { ...facts }
  }

  info(): SystemInfo {
    return { appName: 'Foyer', ...this.#facts }
  }
}
