import { DASHBOARD_PATHS, DashboardEvent } from '../../protocol/dashboard'

export interface LiveHandlers {
  /** A device's tile or an alert as it is now, parsed with the contract's schema. */
  event(event: DashboardEvent): void
  /** A pushed message that did not read as the contract says: dropped, and said. */
  unreadable(): void
  /** The stream is (again) open: anything pushed while it was down is to be read afresh. */
  open(): void
  /**
   * The stream broke. `forGood`: the browser gave up on it (an answer other than an event stream, such as
   * a 401 once the session ended or a proxy's 502), and only a new EventSource tries again; otherwise the
   * browser's EventSource reconnects by itself.
   */
  interrupted(forGood: boolean): void
}

/**
 * The hub's event stream (server-sent events on DASHBOARD_PATHS.events), each `data:` line one
 * DashboardEvent. The session cookie goes with it (same origin). Returns the way to close it.
 */
export function openLiveEvents(handlers: LiveHandlers): () => void {
  const source = new EventSource(DASHBOARD_PATHS.events)
  source.onopen = () => handlers.open()
  source.onerror = () => handlers.interrupted(source.readyState === EventSource.CLOSED)
  source.onmessage = (message: MessageEvent) => {
    const parsed = DashboardEvent.safeParse(jsonOf(message.data))
    if (parsed.success) handlers.event(parsed.data)
    else handlers.unreadable()
  }
  return () => source.close()
}

function jsonOf(data: unknown): unknown {
  if (typeof data !== 'string') return undefined
  try {
    return JSON.parse(data)
  } catch {
    return undefined
  }
}
