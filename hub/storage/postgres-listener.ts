import pg from 'pg'

/** How long to wait before connecting again after the server dropped the listening connection. */
const RECONNECT_MS = [250, 1_000, 5_000]

/**
 * LISTEN on a PostgreSQL server: one connection of its own (a pooled one would be handed to other
 * queries), kept open for as long as anyone listens, and opened again when the server drops it
 * (a restart), with every channel listened to again. What was notified while it was down is lost:
 * the dashboard reads the whole state again when its stream reconnects.
 */
export class PostgresListener {
  private client: pg.Client | undefined
  private connecting: Promise<pg.Client> | undefined
  private readonly channels = new Map<string, Set<(payload: string) => void>>()
  private closed = false
  private failures = 0

  constructor(private readonly connectionString: string) {}

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const listeners = this.channels.get(channel) ?? new Set()
    const first = listeners.size === 0
    listeners.add(onPayload)
    this.channels.set(channel, listeners)
    const client = await this.connected()
    if (first) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    return async () => {
      listeners.delete(onPayload)
      if (listeners.size === 0 && this.client && !this.closed) await this.client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined)
    }
  }

  async close(): Promise<void> {
    this.closed = true
    await this.client?.end().catch(() => undefined)
  }

  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client)
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined))
    return this.connecting
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString })
    client.on('notification', (message) => {
      for (const listener of this.channels.get(message.channel) ?? []) listener(message.payload ?? '')
    })
    client.on('error', () => this.dropped(client))
    client.on('end', () => this.dropped(client))
    await client.connect()
    for (const channel of this.channels.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    this.client = client
    this.failures = 0
    return client
  }

  private dropped(client: pg.Client): void {
    if (this.client !== client) return
    this.client = undefined
    this.reconnectLater()
  }

  private reconnectLater(): void {
    if (this.closed) return
    const wait = RECONNECT_MS[Math.min(this.failures++, RECONNECT_MS.length - 1)]!
    setTimeout(() => {
      if (this.closed || this.client) return
      this.connected().catch(() => this.reconnectLater())
    }, wait).unref()
  }
}
