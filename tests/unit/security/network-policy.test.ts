import { describe, expect, it } from 'vitest'
import { isRendererRequestAllowed, REFUSED_URL_PATTERNS } from '../../../electron/security/network-policy'

describe("the renderer session's network policy", () => {
  it('listens on every network scheme', () => {
    for (const scheme of ['http', 'https', 'ws', 'wss', 'file']) expect(REFUSED_URL_PATTERNS).toContain(`${scheme}://*/*`)
  })

  it('refuses http, https, ws, wss and file: main makes every network call', () => {
    for (const url of ['https://api.vendor.example/v0/events', 'http://127.0.0.1:5317/ipc/system.info', 'ws://evil.example/', 'wss://evil.example/', 'file:///etc/passwd', 'ftp://x/']) {
      expect(isRendererRequestAllowed(url, null), url).toBe(false)
    }
  })

  it("allows the app's own files and inline data", () => {
    for (const url of ['app://foyer/index.html', 'data:image/png;base64,AAAA', 'blob:app://foyer/1234']) expect(isRendererRequestAllowed(url, null), url).toBe(true)
  })

  it('allows only the Vite dev server (page, modules, hot-reload socket) in development', () => {
    const dev = 'http://localhost:5173'
    expect(isRendererRequestAllowed('http://localhost:5173/src/main.ts', dev)).toBe(true)
    expect(isRendererRequestAllowed('ws://localhost:5173/', dev)).toBe(true)
    expect(isRendererRequestAllowed('http://localhost:5174/', dev)).toBe(false)
    expect(isRendererRequestAllowed('https://api.vendor.example/', dev)).toBe(false)
    expect(isRendererRequestAllowed('wss://localhost:5173/', dev)).toBe(false)
  })
})
