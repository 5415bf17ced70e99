import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { isTrustedSender } from '../../../electron/ipc-core/sender-policy'
import { APP_ORIGIN } from '../../../electron/security/app-path'
import { RENDERER_CSP, RENDERER_CSP_DIRECTIVES, RENDERER_CSP_META } from '../../../electron/security/renderer-csp'
import { customerDisplayWindowOptions, mainWindowOptions, SECURE_WEB_PREFERENCES } from '../../../electron/security/window-options'

/**
 * Issue #8's Electron security checklist, on the objects Foyer builds: the
 * web preferences, the Content Security Policy, the sender rule, the packaging
 * config (parsed, and validated by electron-builder itself). What Electron
 * main *does* with them (the window it makes, the session's handlers, the IPC
 * sender check, the kiosk lock) is run in electron-main.test.ts. The source is
 * read only to look for things that must appear nowhere.
 */
const root = join(import.meta.dirname, '../../..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')
/** Source without comments, so a commented-out line does not count. */
const code = (path: string) => read(path).replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')

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
  it('has the secure web preferences, in both modes', () => {
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
    expect(mainWindowOptions(true)).toMatchObject({ kiosk: true, fullscreen: true, closable: false, minimizable: false })
    expect(mainWindowOptions(false)).toMatchObject({ kiosk: false, fullscreen: false })
  })

  it("makes the customer display's window with the same preferences, no devtools, full screen and never focused (issue #34)", () => {
    const options = customerDisplayWindowOptions({ x: 1920, y: 0, width: 1280, height: 800 })
    expect(options.webPreferences).toEqual({ ...SECURE_WEB_PREFERENCES, devTools: false })
    expect(options).toMatchObject({ x: 1920, y: 0, width: 1280, height: 800, fullscreen: true, focusable: false, frame: false, closable: false })
  })

  it('turns isolation, the sandbox or web security off nowhere, and turns Node on nowhere', () => {
    for (const path of sourcesUnder('electron')) {
      expect(code(path), path).not.toMatch(/(contextIsolation|sandbox|webSecurity):\s*false|nodeIntegration:\s*true|allowRunningInsecureContent:\s*true|webviewTag:\s*true/)
    }
  })

  it('builds the preload as one CommonJS file (a sandboxed preload cannot require packages)', async () => {
    const { default: config } = (await import('../../../electron.vite.config')) as { default: Record<string, { build: Record<string, unknown> }> }
    const preload = config.preload!.build as { externalizeDeps: boolean; rolldownOptions: { output: { format: string; entryFileNames: string } } }
    expect(preload.externalizeDeps).toBe(false)
    expect(preload.rolldownOptions.output).toMatchObject({ format: 'cjs', entryFileNames: '[name].cjs' })
  })

  it('never opens anything outside the app: no shell.openExternal anywhere', () => {
    for (const path of [...sourcesUnder('electron'), ...sourcesUnder('renderer/src')]) expect(code(path), path).not.toMatch(/openExternal|openPath|\bshell\./)
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
  })
})

describe('the IPC sender rule', () => {
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
    // The one fork is the plain-Node launcher of the training sandbox, which only the browser host takes
    // (lint holds who imports it: eslint.config.js); Electron main starts the sandbox as a utility process
    // (electron-main.test.ts watches it do so).
    const plainNodeLauncher = 'electron/sandbox/process/fork-launcher.ts'
    for (const path of sourcesUnder('electron')) {
      if (path !== plainNodeLauncher) expect(code(path), path).not.toMatch(/ELECTRON_RUN_AS_NODE|child_process['"].*fork|(?<!utilityProcess\.)\bfork\(/)
    }
  })

  it('is a configuration electron-builder itself accepts (its own loader and schema)', async () => {
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
