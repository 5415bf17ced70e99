import { join, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_ENTRY_URL, APP_ORIGIN, appContentType, resolveAppPath } from '../../../electron/security/app-path'

/** The app:// protocol's path check (electron/main/app-protocol.ts serves what this allows, nothing else). */
const root = join(sep === '/' ? '/opt/Foyer/resources/app.asar' : 'C:\\Foyer\\resources\\app.asar', 'out', 'renderer')
const file = (url: string) => {
  const result = resolveAppPath(root, url)
  return result.ok ? result.file : null
}

describe('app:// path resolution', () => {
  it('maps the entry page and assets to files under out/renderer', () => {
    expect(APP_ENTRY_URL).toBe(`${APP_ORIGIN}/index.html`)
    expect(file(APP_ENTRY_URL)).toBe(join(root, 'index.html'))
    expect(file('app://foyer/')).toBe(join(root, 'index.html'))
    expect(file('app://foyer/assets/index-Ab12.js')).toBe(join(root, 'assets', 'index-Ab12.js'))
    expect(file('app://foyer/assets/index-Ab12.js?v=1#x')).toBe(join(root, 'assets', 'index-Ab12.js'))
    expect(file('app://foyer/assets/with%20space.css')).toBe(join(root, 'assets', 'with space.css'))
  })

  it.each([
    // The URL parser resolves plain ../ itself: the result must still be inside the root.
    ['app://foyer/../../../etc/passwd'],
    ['app://foyer/assets/../../secret.txt'],
    ['app://foyer/%2e%2e/%2e%2e/etc/passwd'],
    ['app://foyer/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd'],
    ['app://foyer/assets/%2e%2e%2f%2e%2e%2fmain%2findex.js'],
    ['app://foyer/..%2f..%2fpackage.json'],
    ['app://foyer/%252e%252e/x'],
    ['app://foyer/..\\..\\windows\\win.ini'],
    ['app://foyer/assets%5c..%5c..%5csecret'],
    ['app://foyer/%5c%5cserver%5cshare'],
    ['app://foyer//etc/passwd'],
    ['app://foyer/%2fetc%2fpasswd'],
    ['app://foyer/C:/Windows/win.ini'],
    ['app://foyer/C%3A%5CWindows%5Cwin.ini'],
    ['app://foyer/index.html%00.png'],
    ['app://foyer/index.html\u0000'],
    ['app://foyer/%e0%a4%a'],
    ['app://foyer/./index.html%2f.'],
  ])('never leaves out/renderer: %s', (url) => {
    const resolved = file(url)
    if (resolved !== null) expect(resolved.startsWith(root + sep), `${url} → ${resolved}`).toBe(true)
    // And none of these names a real renderer file: every one is refused or lands on a name that does not exist.
    expect(resolved === null || !/passwd|win\.ini|secret|package\.json|main.index\.js/.test(resolved)).toBe(true)
  })

  it('refuses traversal outright (400), rather than cleaning it up', () => {
    for (const url of ['app://foyer/%2e%2e/%2e%2e/etc/passwd', 'app://foyer/..%2fx', 'app://foyer/a%5cb', 'app://foyer/x%00', 'app://foyer//etc/passwd', 'app://foyer/C:/x']) {
      expect(resolveAppPath(root, url), url).toMatchObject({ ok: false, status: 400 })
    }
  })

  it('refuses other origins, schemes and credentials', () => {
    for (const url of ['app://evil/index.html', 'app://foyer.evil/index.html', 'app://foyer:8080/index.html', 'file:///etc/passwd', 'https://foyer/index.html', 'app://user:pw@foyer/index.html', 'not a url']) {
      expect(resolveAppPath(root, url), url).toMatchObject({ ok: false })
    }
  })

  it('names content types, and unknown kinds stay opaque bytes', () => {
    expect(appContentType('/x/index.html')).toBe('text/html; charset=utf-8')
    expect(appContentType('/x/a.JS')).toBe('text/javascript; charset=utf-8')
    expect(appContentType('/x/a.exe')).toBe('application/octet-stream')
  })
})
