import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { isTrustedSender } from '../../../electron/ipc-core/sender-policy'
import { APP_ORIGIN, APP_SCHEME } from '../../../electron/security/app-path'
import { RENDERER_CSP, RENDERER_CSP_DIRECTIVES, RENDERER_CSP_META } from '../../../electron/security/renderer-csp'
import { mainWindowOptions, SECURE_WEB_PREFERENCES } from '../../../electron/security/window-options'

/**
 * Issue #8's Electron security and kiosk checklist, read from the code and the
 * packaging config (Electron cannot run here; the Electron Playwright project
 * checks the running app in CI). Each test names the item it guards: removing
 * any of them from the window options, the CSP, the protocol, the session,
 * the fuses or the kiosk lock fails this file.
 */
const root = join(import.meta.dirname, '../../..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')
/** Source without comments, so a commented-out line does not count as done. */
const code = (path: string) => read(path).replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
const main = (file: string) => code(`electron/main/${file}`)

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|vue|mjs|js)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
}

function cspDirectives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  )
}

describe('every window: isolated, sandboxed, no Node, web security on', () => {
  it('has the secure web preferences', () => {
    expect(SECURE_WEB_PREFERENCES).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      spellcheck: false,
    })
    expect(mainWindowOptions(true).webPreferences).toBe(SECURE_WEB_PREFERENCES)
    expect(mainWindowOptions(false).webPreferences).toBe(SECURE_WEB_PREFERENCES)
  })

  it('makes every BrowserWindow in electron/ with those preferences (main window and printer windows)', () => {
    const makers = sourcesUnder('electron').filter((path) => /new BrowserWindow\(/.test(code(path)))
    expect(makers.sort()).toEqual(['electron/main/electron-printer.ts', 'electron/main/window.ts'])
    expect(main('window.ts')).toMatch(/new BrowserWindow\(\{ \.\.\.options, icon, webPreferences: \{ \.\.\.options\.webPreferences, preload: preloadPath \} \}\)/)
    expect(main('window.ts')).toMatch(/const options = mainWindowOptions\(/)
    expect(main('electron-printer.ts')).toMatch(/webPreferences: SECURE_WEB_PREFERENCES,/)
    for (const path of sourcesUnder('electron')) {
      expect(code(path), path).not.toMatch(/(contextIsolation|sandbox|webSecurity):\s*false|nodeIntegration:\s*true|allowRunningInsecureContent:\s*true|webviewTag:\s*true/)
    }
  })

  it('loads a preload built as one CommonJS file (a sandboxed preload cannot require packages)', async () => {
    const { default: config } = (await import('../../../electron.vite.config')) as { default: Record<string, { build: Record<string, unknown> }> }
    const preload = config.preload!.build as { externalizeDeps: boolean; rolldownOptions: { output: { format: string; entryFileNames: string } } }
    expect(preload.externalizeDeps).toBe(false)
    expect(preload.rolldownOptions.output).toMatchObject({ format: 'cjs', entryFileNames: '[name].cjs' })
    expect(main('window.ts')).toMatch(/preload\/index\.cjs/)
  })
})

describe('the renderer on app://, with a path traversal check', () => {
  it('registers app:// as a privileged standard, secure scheme before ready, without bypassing the CSP', () => {
    const protocol = main('app-protocol.ts')
    expect(protocol).toMatch(/protocol\.registerSchemesAsPrivileged\(/)
    expect(protocol).toMatch(/scheme: APP_SCHEME/)
    expect(protocol).toMatch(/standard: true, secure: true/)
    expect(protocol).not.toMatch(/bypassCSP|corsEnabled|allowServiceWorkers/)
    expect(APP_SCHEME).toBe('app')
    const index = main('index.ts')
    expect(index.indexOf('registerAppScheme()')).toBeGreaterThan(-1)
    expect(index.indexOf('registerAppScheme()')).toBeLessThan(index.indexOf('await app.whenReady()'))
  })

  it('serves only what resolveAppPath allows, with the CSP and nosniff headers, 404 for unknown files', () => {
    const protocol = main('app-protocol.ts')
    expect(protocol).toMatch(/protocol\.handle\(APP_SCHEME,/)
    expect(protocol).toMatch(/resolveAppPath\(rendererDir, request\.url\)/)
    expect(protocol).toMatch(/'content-security-policy': RENDERER_CSP/)
    expect(protocol).toMatch(/'x-content-type-options': 'nosniff'/)
    expect(protocol).toMatch(/plain\(404, 'not found'\)/)
    expect(main('index.ts')).toMatch(/handleAppScheme\(rendererDir\)/)
  })

  it('loads the window from app://foyer, never file://', () => {
    const window = main('window.ts')
    expect(window).toMatch(/loadURL\(dev \? process\.env\.ELECTRON_RENDERER_URL! : APP_ENTRY_URL\)/)
    expect(window).not.toMatch(/loadFile\(|file:\/\//)
    // The dev server is honoured only in an unpackaged run.
    expect(window).toMatch(/!app\.isPackaged && devUrl/)
  })
})

describe('the Content Security Policy', () => {
  const header = cspDirectives(RENDERER_CSP)

  it('has no unsafe-eval anywhere and runs scripts only from the app itself', () => {
    expect(RENDERER_CSP).not.toMatch(/unsafe-eval|wasm-unsafe-eval|unsafe-hashes|\*/)
    expect(header.get('script-src')).toEqual(["'self'"])
    expect(header.get('default-src')).toEqual(["'self'"])
    expect(header.get('object-src')).toEqual(["'none'"])
    expect(header.get('base-uri')).toEqual(["'none'"])
    expect(header.get('frame-ancestors')).toEqual(["'none'"])
    // pixi.js is imported in its no-eval build, which is why the policy needs no 'unsafe-eval'.
    expect(sourcesUnder('renderer/src').some((path) => code(path).includes("import 'pixi.js/unsafe-eval'"))).toBe(true)
  })

  it("limits connect-src to what the app itself serves ('self': app:// in Electron, the host's /ipc in the browser host)", () => {
    expect(header.get('connect-src')).toEqual(["'self'"])
    for (const [name, values] of header) {
      for (const value of values) expect(value, `${name} ${value}`).toMatch(/^('self'|'none'|'unsafe-inline'|data:|blob:)$/)
    }
    expect(header.get('script-src')).not.toContain("'unsafe-inline'")
  })

  it('is the same policy in index.html (meta) as in the app:// and browser-host headers', () => {
    const html = read('renderer/index.html')
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)
    expect(meta?.[1]).toBe(RENDERER_CSP_META)
    expect(RENDERER_CSP_META).toBe(RENDERER_CSP_DIRECTIVES.filter((d) => !d.startsWith('frame-ancestors')).join('; '))
    expect(code('electron/browser-host/static-files.ts')).toMatch(/'content-security-policy': RENDERER_CSP/)
  })
})

describe("the renderer's session, navigation, windows and permissions", () => {
  const hardening = main('hardening.ts')

  it('refuses http, https, ws and wss from the renderer session (main makes every network call)', () => {
    expect(hardening).toMatch(/webRequest\.onBeforeRequest\(\{ urls: REFUSED_URL_PATTERNS \}/)
    expect(hardening).toMatch(/cancel: !isRendererRequestAllowed\(details\.url, devServerOrigin\)/)
    expect(main('index.ts')).toMatch(/hardenDefaultSession\(devServerOrigin\(\)\)/)
  })

  it('denies navigation, redirects, window.open, webviews and every permission request and check', () => {
    expect(hardening).toMatch(/setWindowOpenHandler\(\(\) => \(\{ action: 'deny' \}\)\)/)
    for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview']) {
      expect(hardening).toContain(`contents.on('${event}', (event) => event.preventDefault())`)
    }
    expect(hardening).toMatch(/setPermissionRequestHandler\(\(_contents, _permission, callback\) => callback\(false\)\)/)
    expect(hardening).toMatch(/setPermissionCheckHandler\(\(\) => false\)/)
    expect(hardening).toMatch(/setDevicePermissionHandler\(\(\) => false\)/)
    // Every web contents, as it is created (before ready, so none escapes).
    expect(hardening).toMatch(/app\.on\('web-contents-created', \(_event, contents\) => lockContents\(contents\)\)/)
    const index = main('index.ts')
    expect(index.indexOf('hardenAllContents()')).toBeGreaterThan(-1)
    expect(index.indexOf('hardenAllContents()')).toBeLessThan(index.indexOf('await app.whenReady()'))
  })

  it('never opens anything outside the app: no shell.openExternal anywhere', () => {
    for (const path of [...sourcesUnder('electron'), ...sourcesUnder('renderer/src')]) expect(code(path), path).not.toMatch(/openExternal|openPath|shell\./)
  })
})

describe('every IPC message: sender frame checked against the app origin and the main frame', () => {
  const policy = { allowedOrigins: [APP_ORIGIN] }
  const own = { isMainFrame: true, isOwnWindow: true }

  it('trusts only the main frame of our window showing app://foyer', () => {
    expect(APP_ORIGIN).toBe('app://foyer')
    expect(isTrustedSender({ ...own, frameUrl: 'app://foyer/index.html' }, policy)).toBe(true)
    expect(isTrustedSender({ ...own, isMainFrame: false, frameUrl: 'app://foyer/index.html' }, policy)).toBe(false)
    expect(isTrustedSender({ ...own, isOwnWindow: false, frameUrl: 'app://foyer/index.html' }, policy)).toBe(false)
    for (const frameUrl of ['app://evil/index.html', 'app://foyer.evil/', 'app://foyer:1/', 'app://u:p@foyer/', 'file:///opt/Foyer/out/renderer/index.html', 'data:text/html,x', 'about:blank', 'http://localhost:5173/']) {
      expect(isTrustedSender({ ...own, frameUrl }, policy), frameUrl).toBe(false)
    }
  })

  it('is wired: every contract channel checks the sender with the app:// policy and the main frame', () => {
    const ipc = main('ipc.ts')
    expect(ipc).toMatch(/if \(!senderIsTrusted\(event, policy\)\)/)
    expect(ipc).toMatch(/isMainFrame: frame !== null && frame === event\.sender\.mainFrame/)
    expect(main('window.ts')).toMatch(/allowedOrigins: dev \? \[APP_ORIGIN, dev\] : \[APP_ORIGIN\]/)
    expect(main('window.ts')).not.toMatch(/allowedFileRoot/)
    expect(main('index.ts')).toMatch(/handleContract\(services\.dispatcher, rendererSenderPolicy\(\)\)/)
  })
})

describe('fuses and the builder config', () => {
  const builder = parse(read('electron-builder.yml')) as Record<string, unknown>

  it('flips the fuses: RunAsNode, NODE_OPTIONS and inspect off; cookie encryption, asar-only and ASAR integrity on', () => {
    expect(builder.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      grantFileProtocolExtraPrivileges: false,
    })
    expect(builder.asar).toBe(true)
  })

  it('nothing in main needs ELECTRON_RUN_AS_NODE (process.fork stops working with RunAsNode off)', () => {
    // The one fork is the plain-Node launcher of the training sandbox, which only the browser host takes;
    // Electron main starts the sandbox as a utility process.
    const plainNodeLauncher = 'electron/sandbox/process/fork-launcher.ts'
    for (const path of sourcesUnder('electron')) {
      if (path !== plainNodeLauncher) expect(code(path), path).not.toMatch(/ELECTRON_RUN_AS_NODE|child_process['"].*fork|(?<!utilityProcess\.)\bfork\(/)
      if (!path.startsWith('electron/browser-host/')) expect(code(path), path).not.toMatch(/fork-launcher['"]/)
    }
    expect(main('sandbox-process.ts')).toMatch(/utilityProcess\.fork\(/)
    expect(main('index.ts')).toMatch(/startHostRuntime\(.*, launchUtilitySandbox, /)
  })

  it("is a configuration electron-builder itself accepts (its own loader and schema)", async () => {
    const require = createRequire(join(root, 'package.json'))
    const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      getConfig: (dir: string, path: string | null, options: null) => Promise<Record<string, unknown>>
      validateConfiguration: (config: unknown, log: unknown) => Promise<void>
    }
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }
    const config = await getConfig(root, join(root, 'electron-builder.yml'), null)
    await validateConfiguration(config, new DebugLogger(false))
    expect(config.electronFuses).toEqual(builder.electronFuses)
  }, 60_000)
})

describe('kiosk lockdown (self-service)', () => {
  const kiosk = main('kiosk.ts')

  it('makes the self-service window a full-screen kiosk that a customer cannot close', () => {
    expect(mainWindowOptions(true)).toMatchObject({ kiosk: true, fullscreen: true, closable: false, minimizable: false })
    expect(mainWindowOptions(false)).toMatchObject({ kiosk: false, fullscreen: false })
    expect(main('window.ts')).toMatch(/mainWindowOptions\(deps\.kiosk\.locked\)/)
    expect(kiosk).toMatch(/window\.setKiosk\(locked\)/)
    expect(kiosk).toMatch(/if \(this\.locked && !this\.#quitting\) event\.preventDefault\(\)/)
  })

  it('has no menu, filters shortcuts, keeps the display awake and starts at login', () => {
    expect(kiosk).toMatch(/Menu\.setApplicationMenu\(applicationMenu\(locked\)\)/)
    expect(kiosk).toMatch(/if \(locked \|\| process\.platform !== 'darwin'\) return null/)
    expect(kiosk).toMatch(/'before-input-event', \(event, input\) => \{\s*if \(isBlockedShortcut\(input, \{ kiosk: this\.locked \}\)\) event\.preventDefault\(\)/)
    expect(kiosk).toMatch(/powerSaveBlocker\.start\('prevent-display-sleep'\)/)
    expect(kiosk).toMatch(/app\.setLoginItemSettings\(\{ openAtLogin: selfService \}\)/)
    // The lock follows the mode from start (kiosk-service.ts), and the window takes each change.
    expect(kiosk).toMatch(/class KioskLock extends SelfServiceLock/)
    expect(code('electron/services/kiosk-service.ts')).toMatch(/kiosk\.lockFor\(mode\)/)
    expect(code('electron/services/host-runtime.ts')).toMatch(/followKioskLock\(kiosk, runtime\.services/)
  })

  it('runs one instance; a second start focuses the first', () => {
    expect(kiosk).toMatch(/if \(!app\.requestSingleInstanceLock\(\)\) return false/)
    expect(kiosk).toMatch(/app\.on\('second-instance'/)
    expect(main('index.ts')).toMatch(/if \(claimSingleInstance\(\(\) => mainWindow\)\) \{\s*start\(\)/)
  })

  it('brings the renderer back after a crash or a hang, backing off', () => {
    const watchdog = main('renderer-watchdog.ts')
    expect(watchdog).toMatch(/contents\.on\('render-process-gone'/)
    expect(watchdog).toMatch(/contents\.on\('unresponsive'/)
    expect(watchdog).toMatch(/const decision = policy\.next\(/)
    expect(main('window.ts')).toMatch(/watchRenderer\(window, deps\.relaunch,/)
  })

  it('lets staff leave only through kiosk.exit, which takes the staff PIN', () => {
    expect(code('electron/services/kiosk-service.ts')).toMatch(/await deps\.requirePin\(pin\)\s*kiosk\.leave\(\)/)
    expect(code('electron/services/admin-service.ts')).toMatch(/kioskHandlers\(\{ kiosk: ctx\.kiosk \?\? null, requirePin \}\)/)
    expect(main('index.ts')).toMatch(/startHostRuntime\(.*, stderrLogger, launchUtilitySandbox, printer, kiosk\)/)
  })
})
