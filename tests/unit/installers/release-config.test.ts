import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

/**
 * Installers and updates, read from the files (electron-builder and Electron
 * cannot run here): the builder config against the installed electron-builder's
 * own schema, the entitlements, both CI workflows, and the updater's wiring.
 * The release workflow is where all of it actually runs.
 */
const root = join(import.meta.dirname, '..', '..', '..')
const text = (path: string) => readFileSync(join(root, path), 'utf8')
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML, checked field by field below
type Doc = Record<string, any>
const builder = parse(text('electron-builder.yml')) as Doc
const release = parse(text('.github/workflows/release.yml')) as Doc
const ci = parse(text('.github/workflows/ci.yml')) as Doc
const scheme = JSON.parse(text('node_modules/app-builder-lib/scheme.json')) as Doc
const pkg = JSON.parse(text('package.json')) as Doc

const optionsOf = (definition: string) => Object.keys(scheme.definitions[definition].properties as object)
const steps = (job: Doc): Doc[] => job.steps as Doc[]
const runs = (job: Doc) => steps(job).map((s) => String(s.run ?? ''))

describe('electron-builder.yml', () => {
  it('uses only options the installed electron-builder knows', () => {
    expect(Object.keys(builder).filter((key) => !(key in scheme.properties))).toEqual([])
    const sections: [string, string][] = [
      ['win', 'WindowsConfiguration'],
      ['nsis', 'NsisOptions'],
      ['mac', 'MacConfiguration'],
      ['linux', 'LinuxConfiguration'],
      ['deb', 'DebOptions'],
      ['publish', 'GenericServerOptions'],
    ]
    for (const [section, definition] of sections) {
      expect(Object.keys(builder[section] as object).filter((key) => !optionsOf(definition).includes(key)), section).toEqual([])
    }
  })

  it('Windows: an NSIS installer, signed from the environment, whose updates must carry the same signature', () => {
    expect(builder.win.target).toEqual(['nsis'])
    expect(builder.win.verifyUpdateCodeSignature).toBe(true)
    // No certificate or password in the file: electron-builder reads WIN_CSC_LINK / CSC_LINK itself.
    expect(builder.win).not.toHaveProperty('certificateFile')
    expect(builder.win).not.toHaveProperty('cscLink')
    expect(builder.win).not.toHaveProperty('cscKeyPassword')
    // Azure Trusted Signing is added by the workflow (${env.X} is not expanded inside azureSignOptions).
    expect(builder.win).not.toHaveProperty('azureSignOptions')
    expect(scheme.definitions.WindowsAzureSigningConfiguration.required).toEqual(
      expect.arrayContaining(['publisherName', 'endpoint', 'certificateProfileName', 'codeSigningAccountName']),
    )
  })

  it('macOS: dmg and zip, hardened runtime with only allow-jit, notarised', () => {
    expect(builder.mac.target).toEqual(['dmg', 'zip'])
    expect(builder.mac.hardenedRuntime).toBe(true)
    expect(builder.mac.notarize).toBe(true)
    for (const key of ['entitlements', 'entitlementsInherit']) {
      expect(existsSync(join(root, builder.mac[key] as string)), key).toBe(true)
    }
    const plist = text(builder.mac.entitlements as string)
    const granted = [...plist.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((m) => m[1])
    expect(granted).toEqual(['com.apple.security.cs.allow-jit'])
  })

  it('Linux: AppImage and deb, the deb depending on libsecret for the keychain', () => {
    expect(builder.linux.target).toEqual(['AppImage', 'deb'])
    expect(builder.deb.depends).toContain('libsecret-1-0')
  })

  it('publishes to a generic feed whose address comes from the environment', () => {
    expect(builder.publish).toMatchObject({ provider: 'generic', url: '${env.FOYER_UPDATE_URL}' })
  })

  it('packages the built app and print templates, never the browser host, the sandbox CLI or tests', () => {
    const files = builder.files as string[]
    expect(files).toEqual(expect.arrayContaining(['out/main/**', 'out/preload/**', 'out/renderer/**', 'resources/print/**']))
    for (const pattern of files.filter((f) => !f.startsWith('!'))) {
      expect(pattern).not.toMatch(/browser-host|sandbox|tests?\/|electron\//)
    }
  })

  it('rebuilds native modules for Electron only when packaging, never on npm install', () => {
    expect(builder.npmRebuild).toBe(true)
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) {
      expect(String(pkg.scripts[hook] ?? ''), hook).not.toMatch(/install-app-deps|electron-rebuild/)
    }
    expect(pkg.dependencies).toHaveProperty('electron-updater')
  })
})

describe('.github/workflows/release.yml', () => {
  const pack = release.jobs.package as Doc
  const e2e = release.jobs['electron-e2e'] as Doc

  it('runs the normal test suite first, through ci.yml', () => {
    expect(release.jobs.test.uses).toBe('./.github/workflows/ci.yml')
    expect(pack.needs).toEqual(expect.arrayContaining(['test', 'electron-e2e']))
  })

  it('packages on Windows, macOS and Linux: npm ci, natives for Electron, build, electron-builder, artifacts', () => {
    expect(pack.strategy.matrix.os).toEqual(['windows-latest', 'macos-latest', 'ubuntu-latest'])
    const commands = runs(pack)
    const at = (pattern: RegExp) => commands.findIndex((c) => pattern.test(c))
    const order = [/^npm ci\b/, /electron-builder install-app-deps/, /^npm run build$/, /npx electron-builder "\$\{args\[@\]\}"/].map(at)
    expect(order.every((i) => i >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    const upload = steps(pack).find((s) => String(s.uses ?? '').startsWith('actions/upload-artifact'))
    for (const artifact of ['*.exe', '*.dmg', '*.zip', '*.AppImage', '*.deb', 'latest*.yml']) expect(upload?.with.path).toContain(artifact)
  })

  it('takes every signing credential from repository secrets or variables', () => {
    const env = pack.env as Record<string, string>
    const fromSecrets = ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD', 'AZURE_TENANT_ID', 'AZURE_CLIENT_ID', 'AZURE_CLIENT_SECRET', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID']
    for (const name of fromSecrets) expect(env[name], name).toBe(`\${{ secrets.${name} }}`)
    expect(env.CSC_LINK).toContain('secrets.MAC_CSC_LINK')
    expect(env.CSC_KEY_PASSWORD).toContain('secrets.MAC_CSC_KEY_PASSWORD')
    for (const name of ['FOYER_UPDATE_URL', 'AZURE_TRUSTED_SIGNING_ENDPOINT', 'AZURE_TRUSTED_SIGNING_ACCOUNT', 'AZURE_TRUSTED_SIGNING_PROFILE', 'AZURE_TRUSTED_SIGNING_PUBLISHER']) {
      expect(env[name], name).toBe(`\${{ vars.${name} }}`)
    }
    const apiKeyFile = steps(pack).find((s) => String(s.run ?? '').includes('APPLE_API_KEY='))
    expect(apiKeyFile?.env.APPLE_API_KEY_P8).toBe('${{ secrets.APPLE_API_KEY_P8 }}')
    // Azure Trusted Signing: all four required options, from those variables.
    const packageStep = runs(pack).find((c) => c.includes('npx electron-builder "${args[@]}"'))!
    for (const [option, variable] of [
      ['publisherName', 'AZURE_TRUSTED_SIGNING_PUBLISHER'],
      ['endpoint', 'AZURE_TRUSTED_SIGNING_ENDPOINT'],
      ['certificateProfileName', 'AZURE_TRUSTED_SIGNING_PROFILE'],
      ['codeSigningAccountName', 'AZURE_TRUSTED_SIGNING_ACCOUNT'],
    ]) {
      expect(packageStep).toContain(`-c.win.azureSignOptions.${option}=$${variable}`)
    }
    expect(packageStep).toContain('-c.forceCodeSigning=true')
  })

  it('runs the Electron Playwright project under xvfb once Electron is downloaded', () => {
    expect(e2e['runs-on']).toBe('ubuntu-latest')
    const commands = runs(e2e)
    const download = commands.findIndex((c) => c.includes('npx electron --version'))
    const playwright = commands.findIndex((c) => /xvfb-run .*npx playwright test --project electron/.test(c))
    expect(download).toBeGreaterThanOrEqual(0)
    expect(playwright).toBeGreaterThan(download)
    const rebuild = commands.findIndex((c) => c.includes('install-app-deps'))
    expect(rebuild).toBeGreaterThanOrEqual(0)
    expect(playwright).toBeGreaterThan(rebuild)
    // Natives rebuilt for Electron cannot load in Node: the Node-run servers of the Playwright config stay off.
    expect((e2e.env as Record<string, string>).FOYER_E2E_ELECTRON_ONLY).toBe('1')
    expect(text('playwright.config.ts')).toMatch(/\{ name: 'electron', testDir: 'tests\/electron'/)
  })
})

describe('.github/workflows/ci.yml', () => {
  it('runs .ci/run on Debian 12 on every push and pull request, and can be called by the release', () => {
    expect(Object.keys(ci.on as object)).toEqual(expect.arrayContaining(['push', 'pull_request', 'workflow_call']))
    expect(ci.jobs.test.container).toBe('debian:12')
    expect(runs(ci.jobs.test as Doc)).toContain('bash .ci/run')
  })
})

describe('the updater wiring', () => {
  it('Electron main starts the updater; the browser host and the services never touch it', () => {
    expect(text('electron/main/index.ts')).toMatch(/startUpdater\(runtime, /)
    expect(text('electron/main/updater.ts')).toMatch(/canInstallUpdateNow\(/)
    // That nothing else imports electron-updater, electron or main/updater, lint holds (eslint.config.js, boundaries.test.ts).
  })
})
