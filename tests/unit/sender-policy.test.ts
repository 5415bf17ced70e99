import { describe, expect, it } from 'vitest'
import { isTrustedSender, type SenderPolicy } from '../../electron/ipc-core/sender-policy'

const policy: SenderPolicy = {
  allowedOrigins: ['http://localhost:5173'],
  allowedFileRoot: 'file:///opt/Foyer/resources/app.asar/out/renderer/',
}
const own = { isMainFrame: true, isOwnWindow: true }

describe('IPC sender policy', () => {
  it('trusts the main frame of our window showing our renderer', () => {
    expect(isTrustedSender({ ...own, frameUrl: 'file:///opt/Foyer/resources/app.asar/out/renderer/index.html' }, policy)).toBe(true)
    expect(isTrustedSender({ ...own, frameUrl: 'http://localhost:5173/' }, policy)).toBe(true)
  })

  it('refuses subframes, foreign windows and missing frames', () => {
    const url = 'http://localhost:5173/'
    expect(isTrustedSender({ frameUrl: url, isMainFrame: false, isOwnWindow: true }, policy)).toBe(false)
    expect(isTrustedSender({ frameUrl: url, isMainFrame: true, isOwnWindow: false }, policy)).toBe(false)
    expect(isTrustedSender({ ...own, frameUrl: undefined }, policy)).toBe(false)
  })

  it('refuses other origins and files outside the renderer folder, including via ..', () => {
    for (const frameUrl of [
      'https://evil.example/',
      'http://localhost:5174/',
      'http://localhost.evil.example:5173/',
      'file:///etc/passwd',
      'file:///opt/Foyer/resources/app.asar/out/renderer/../../../../tmp/x.html',
      'file:///opt/Foyer/resources/app.asar/out/renderer-evil/index.html',
      'data:text/html,hi',
      'about:blank',
      'not a url',
    ]) {
      expect(isTrustedSender({ ...own, frameUrl }, policy), frameUrl).toBe(false)
    }
  })
})
