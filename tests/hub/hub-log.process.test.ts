import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { request } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { HUB_PATHS } from '../../hub/protocol'
import { seedHubData } from '../support/hub-data-template'

/** An HTTPS request to the hub (its own certificate, not checked: the test reads only the log). */
function ask(url: string, options: { method: string; headers: Record<string, string>; body?: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: options.method, headers: options.headers, rejectUnauthorized: false }, (answer) => {
      answer.resume()
      answer.on('end', () => resolve(answer.statusCode ?? 0))
    })
    sent.on('error', reject)
    sent.end(options.body)
  })
}

/** `foyer-hub serve --log-file`, as a venue without journald would run it; ready once it printed its first manager's code. */
function serve(dataDir: string, logFile: string): { child: ChildProcess; printed: Promise<string> } {
  const child = spawn(process.execPath, ['bin/foyer-hub.mjs', 'serve', '--data', dataDir, '--port', '0', '--host', '127.0.0.1', '--log-file', logFile], {
    env: { ...process.env, FOYER_HUB_DATABASE_URL: '', FOYER_HUB_LOG_LEVEL: 'info', FOYER_HUB_METRICS: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const printed = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (/one-time enrolment code: \S+\n/.test(output)) resolve(output)
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.once('exit', (code) => reject(new Error(`the hub exited (${code}): ${output}`)))
  })
  return { child, printed }
}

describe("the hub's log", () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-hub-log-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('is JSON lines in a rolled file, a line per request, with no device token, cookie, query secret or first manager code in it', async () => {
    const logs = join(dir, 'logs')
    // From a migrated database (tests/support/hub-data-template.ts): this is about the log, not the first start.
    const hub = serve(seedHubData(join(dir, 'data')), join(logs, 'hub.log'))
    const token = randomBytes(32).toString('hex')
    const session = randomBytes(32).toString('base64url')
    let printed: string
    try {
      printed = await hub.printed
      const url = /Foyer Hub at (https:\/\/\S+) /.exec(printed)![1]!
      const heartbeat = await ask(`${url}${HUB_PATHS.heartbeat}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, cookie: `foyer_hub_session=${session}`, 'content-type': 'application/json', 'user-agent': 'Foyer/0.1.0 (log test)' },
        body: '{}',
      })
      expect(heartbeat).toBe(401)
      await ask(`${url}/api/dashboard/devices?token=${token}&view=grid`, { method: 'GET', headers: { cookie: `foyer_hub_session=${session}` } })
    } finally {
      const exited = new Promise((resolve) => hub.child.once('exit', resolve))
      hub.child.kill('SIGTERM')
      await exited
    }
    const files = readdirSync(logs)
    expect(files.every((file) => /^hub\.\d{4}-\d\d-\d\d\.\d+\.log$/.test(file))).toBe(true)
    const text = files.map((file) => readFileSync(join(logs, file), 'utf8')).join('')
    const lines = text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
    const answered = lines.find((line) => line['msg'] === 'request completed' && (line['req'] as { url: string }).url === HUB_PATHS.heartbeat)
    expect(answered).toMatchObject({
      level: 'info',
      req: { method: 'POST', authorization: 'Bearer [redacted]', cookie: '[redacted]', userAgent: 'Foyer/0.1.0 (log test)' },
      res: { statusCode: 401 },
    })
    expect(typeof answered!['time']).toBe('string')
    expect(lines.filter((line) => line['msg'] === 'incoming request')).toEqual([])
    const asked = lines.find((line) => (line['req'] as { url?: string } | undefined)?.url?.startsWith('/api/dashboard/devices'))
    expect((asked!['req'] as { url: string }).url).toBe('/api/dashboard/devices?token=[redacted]&view=grid')
    const code = /one-time enrolment code: (\S+)/.exec(printed)![1]!
    // Everywhere in the log, fastify's own lines too (its "Route GET:… not found" quotes the path).
    for (const secret of [token, session, code]) expect(text).not.toContain(secret)
  }, 180_000)
})
