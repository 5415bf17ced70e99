import { pushes, type PushName, type PushPayload } from '../contract'

export type PushSink = (name: PushName, payload: unknown) => void

/**
 * Fan-out of main-side events to whatever renderers are attached: Electron
 * windows subscribe one sink, the browser host one per server-sent-events
 * stream. Payloads are validated against the contract before they leave, so a
 * renderer never receives a push it cannot parse.
 */
export class PushBus {
  readonly #sinks = new Set<PushSink>()

  attach(sink: PushSink): () => void {
    this.#sinks.add(sink)
    return () => this.#sinks.delete(sink)
  }

  get attachedCount(): number {
    return this.#sinks.size
  }

  publish<P extends PushName>(name: P, payload: PushPayload<P>): void {
    const checked = pushes[name].parse(payload)
    for (const sink of this.#sinks) {
      try {
        sink(name, checked)
      } catch {
        // One broken sink (a closed window, a dropped stream) must not starve the rest.
        this.#sinks.delete(sink)
      }
    }
  }
}
