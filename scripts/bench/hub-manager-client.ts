import type { SeenCertificate } from '../../tests/support/hub-device'
import { jsonOf, requestText } from './hub-http'

/**
 * The manager's side of `npm run bench:hub`, as the dashboard's page sends it (the session cookie,
 * the page's Origin on what changes something), through the bench's own request helper: the tests'
 * manager (tests/support/hub-manager.ts) leaves an answer cut off mid-body waiting for ever.
 */
export interface BenchManager {
  cookie: string | undefined
  send(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>
}

export function benchManager(url: string, pinned: SeenCertificate): BenchManager {
  const origin = new URL(url).origin
  const manager: BenchManager = {
    cookie: undefined,
    async send(method, path, body) {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const headers: Record<string, string> = {
        ...(payload ? { 'content-type': 'application/json' } : {}),
        ...(method !== 'GET' ? { origin } : {}),
        ...(manager.cookie ? { cookie: manager.cookie } : {}),
      }
      const answer = await requestText(new URL(path, url), { method, headers, ca: pinned.pem, checkServerIdentity: () => undefined }, payload)
      const setCookie = answer.headers['set-cookie']?.[0]
      if (setCookie) manager.cookie = /Max-Age=0/.test(setCookie) ? undefined : setCookie.split(';')[0]
      return { status: answer.status, body: jsonOf(answer.text) }
    },
  }
  return manager
}
