import Fastify from 'fastify'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dashboardFiles } from '../../hub/server/page/dashboard-files'

describe("the dashboard's built page, served by the hub", () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-hub-page-'))
  const page = join(dir, 'page')
  const app = Fastify()
  beforeAll(async () => {
    mkdirSync(join(page, 'assets'), { recursive: true })
    writeFileSync(join(page, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc.js"></script>')
    writeFileSync(join(page, 'assets', 'index-abc.js'), 'console.log(1)')
    writeFileSync(join(dir, 'secret.txt'), 'the hub key')
    dashboardFiles(app, page)
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    rmSync(dir, { recursive: true, force: true })
  })
  const get = (url: string) => app.inject({ method: 'GET', url })

  it('serves index.html at / and for page paths, and its assets, under a strict Content-Security-Policy', async () => {
    for (const url of ['/', '/alerts']) {
      const answer = await get(url)
      expect({ url, status: answer.statusCode, type: answer.headers['content-type'] }).toEqual({ url, status: 200, type: 'text/html; charset=utf-8' })
      expect(answer.body).toContain('/assets/index-abc.js')
      expect(answer.headers['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'; style-src 'self'/)
      expect(answer.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/)
    }
    const script = await get('/assets/index-abc.js')
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(script.headers['cache-control']).toMatch(/immutable/)
  })

  it('answers nothing from outside its folder, no missing file, and nothing under the API paths', async () => {
    for (const url of ['/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/nope.js', '/api/nothing', '/device/nothing']) {
      const answer = await get(url)
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 })
      expect(answer.body).not.toContain('the hub key')
    }
  })
})
