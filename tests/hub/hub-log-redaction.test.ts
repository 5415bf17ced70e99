import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openHubLog } from '../../hub/server/logging/hub-logger'

/** What the hub's own code may hand its logger, and what reaches the file (hub-log.process.test.ts has the requests). */
describe("the hub's log lines", () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-hub-log-fields-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('replace a PIN, a device token, an enrolment or first manager code and a password whole, and a bearer token or secret query inside text, keeping the rest', async () => {
    const log = await openHubLog({ file: join(dir, 'hub.log') })
    const error = Object.assign(new Error('refused for Bearer 0123abcd'), { code: 'ECONNRESET' })
    log.logger.info(
      { device: { id: 'kiosk-1', token: 'device-token-1' }, pin: '4821', enrolmentCode: 'K7QX-2M', firstManagerCode: 'ABCD-EFGH', password: 'hunter2hunter2', tries: [{ newPin: '9999' }], path: '/api/x?code=Z9Z9&page=2' },
      'staff PIN refused (Bearer abc.def)',
    )
    log.logger.error({ err: error }, 'upload failed')
    await log.close()
    const text = readdirSync(dir).map((file) => readFileSync(join(dir, file), 'utf8')).join('')
    const [fields, failed] = text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(fields).toMatchObject({
      level: 'info',
      msg: 'staff PIN refused (Bearer [redacted])',
      device: { id: 'kiosk-1', token: '[redacted]' },
      pin: '[redacted]',
      enrolmentCode: '[redacted]',
      firstManagerCode: '[redacted]',
      password: '[redacted]',
      tries: [{ newPin: '[redacted]' }],
      path: '/api/x?code=[redacted]&page=2',
    })
    // An error keeps its type, message and code (only its quoted token goes): a reader needs them.
    expect(failed).toMatchObject({ level: 'error', err: { type: 'Error', code: 'ECONNRESET' } })
    for (const secret of ['device-token-1', '4821', 'K7QX-2M', 'ABCD-EFGH', 'hunter2', '9999', 'Z9Z9', 'abc.def', '0123abcd']) expect(text).not.toContain(secret)
  })
})
