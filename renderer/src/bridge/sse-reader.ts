/** One server-sent event: its name (default "message") and its data text. */
export interface ServerSentEvent {
  event: string
  data: string
}

/**
 * Incremental parser of a text/event-stream body (the WHATWG format): feed it
 * chunks as they arrive and it yields complete events. EventSource cannot send
 * an Authorization header, so the browser bridge reads the stream with fetch.
 */
export class SseParser {
  #buffer = ''
  #event = ''
  #data: string[] = []

  push(chunk: string): ServerSentEvent[] {
    this.#buffer += chunk
    const out: ServerSentEvent[] = []
    let newline: number
    while ((newline = this.#buffer.search(/\r\n|\r|\n/)) !== -1) {
      const line = this.#buffer.slice(0, newline)
      const sepLength = this.#buffer.startsWith('\r\n', newline) ? 2 : 1
      this.#buffer = this.#buffer.slice(newline + sepLength)
      const dispatched = this.#line(line)
      if (dispatched) out.push(dispatched)
    }
    return out
  }

  #line(line: string): ServerSentEvent | null {
    if (line === '') {
      if (this.#data.length === 0) {
        this.#event = ''
        return null
      }
      const event = { event: this.#event || 'message', data: this.#data.join('\n') }
      this.#event = ''
      this.#data = []
      return event
    }
    if (line.startsWith(':')) return null
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') this.#event = value
    else if (field === 'data') this.#data.push(value)
    return null
  }
}
