import { startSandbox, type Sandbox, type SandboxOptions } from '../../electron/sandbox/server'

/**
 * A bare HTTP client of the sandbox for its own tests: real requests over
 * loopback, the spec's token flow, no Foyer client code (that is tested
 * separately against the sandbox).
 */
export interface Answer<T = unknown> {
  status: number
  body: T
  headers: Headers
}

export class SandboxClient {
  #token: string | null = null

  /** As the sandbox's first training client, unless `as` names another of its clients. */
  constructor(
    readonly sandbox: Sandbox,
    readonly as: { clientId: string; clientSecret: string } = sandbox,
  ) {}

  basic(id = this.as.clientId, secret = this.as.clientSecret): string {
    return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`
  }

  async token(): Promise<string> {
    if (this.#token) return this.#token
    const response = await fetch(`${this.sandbox.authUrl}?grant_type=client_credentials`, {
      method: 'POST',
      headers: { authorization: this.basic() },
    })
    const body = (await response.json()) as { access_token: string }
    this.#token = body.access_token
    return this.#token
  }

  async request<T = any>(method: string, path: string, options: { query?: Record<string, string | number>; body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
    const url = new URL(`${this.sandbox.baseUrl}${path}`)
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v))
    const headers: Record<string, string> = { authorization: `Bearer ${await this.token()}`, ...options.headers }
    let body: string | undefined
    if (options.raw !== undefined) body = options.raw
    else if (options.body !== undefined) body = JSON.stringify(options.body)
    if (body !== undefined) headers['content-type'] ??= 'application/json'
    const response = await fetch(url, { method, headers, body })
    const text = await response.text()
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers }
  }

  get<T = any>(path: string, query?: Record<string, string | number>) {
    return this.request<T>('GET', path, { query })
  }

  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, { body })
  }
}

/** Starts an in-memory sandbox (unless options say otherwise) and a client for it. */
export async function sandboxWithClient(options: SandboxOptions = {}) {
  const sandbox = await startSandbox({ log: () => {}, ...options })
  return { sandbox, client: new SandboxClient(sandbox) }
}
